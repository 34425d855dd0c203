import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";

/**
 * Source files and docs cite sections of docs/*.md by name (`docs/architecture.md, "Sync"`) or
 * link to them (`api.md#provider-failures`): every cited document, section and anchor must exist.
 */

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const DOCS = path.join(ROOT, "docs");

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : files(full, ext);
    return ext.test(e.name) ? [full] : [];
  });
}

const headings = (doc: string) => [...readFileSync(path.join(DOCS, doc), "utf8").matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((m) => m[1]!);

/** GitHub's anchor of a heading. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .replace(/ /g, "-");

const SOURCES = [...["lib", "app", "components"].flatMap((d) => files(path.join(ROOT, d), /\.(ts|tsx|mjs)$/)), ...files(DOCS, /\.md$/)];

describe("citations of docs/", () => {
  test("the three documents exist", () => {
    for (const doc of ["architecture.md", "api.md", "provider-client.md"]) assert.ok(existsSync(path.join(DOCS, doc)), doc);
  });

  test("every section cited by name is a heading of that document", () => {
    let cited = 0;
    for (const file of SOURCES) {
      const text = readFileSync(file, "utf8").replace(/\n\s*(\*|\/\/)\s*/g, " ");
      // `docs/x.md, "A"`, `docs/x.md, "A" and "B"`, `docs/x.md, \`GET /api/x\``; in docs/ the prefix is optional.
      for (const m of text.matchAll(/(?:docs\/)?([a-z-]+\.md),\s*((?:"[^"]+"(?:\s+and\s+"[^"]+")*)|`[^`]+`)/g)) {
        const doc = m[1]!;
        if (!existsSync(path.join(DOCS, doc))) continue;
        const names = m[2]!.startsWith("`") ? [m[2]!] : [...m[2]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!);
        for (const name of names) {
          const found = name.startsWith("`") ? headings(doc).some((h) => h.includes(name)) : headings(doc).includes(name);
          assert.ok(found, `${path.relative(ROOT, file)} cites ${doc}, ${name}: no such heading`);
          cited++;
        }
      }
    }
    assert.ok(cited >= 20, `only ${cited} citations found`);
  });

  test("every link to an anchor of docs/ points at a heading", () => {
    for (const file of files(DOCS, /\.md$/)) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\]\((?:([a-z-]+\.md))?#([\w-]+)\)/g)) {
        const doc = m[1] ?? path.basename(file);
        assert.ok(headings(doc).map(slug).includes(m[2]!), `${path.basename(file)} links to ${doc}#${m[2]}`);
      }
    }
  });
});
