import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { getFileInfo } from "prettier";

/**
 * `npm run format:check` sees every source file: .prettierignore keeps out what is generated, installed or written at
 * run time, and nothing else (an unanchored `bench/` once hid tests/bench, `data/` a route folder).
 */

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const SKIPPED = new Set(["node_modules", ".next", "data", "tmp", "bench", "test-results", "playwright-report"]);

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    // Only the top level holds what is generated (tests/bench is source).
    if (e.isDirectory()) return (dir === "" && SKIPPED.has(e.name)) || e.name.startsWith(".") ? [] : sources(rel);
    return /\.(tsx?|mjs|cjs|js|css)$/.test(e.name) && e.name !== "next-env.d.ts" ? [rel] : [];
  });
}

test("prettier checks every source file", async () => {
  const files = sources("");
  assert.ok(files.some((f) => f.startsWith("tests/bench/")));
  const ignored: string[] = [];
  for (const file of files) {
    if ((await getFileInfo(path.join(ROOT, file), { ignorePath: path.join(ROOT, ".prettierignore") })).ignored)
      ignored.push(file);
  }
  assert.deepEqual(ignored, []);
});
