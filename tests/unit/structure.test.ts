/**
 * The house rules of issue #19 that a machine can check: no source file over 300 lines, and no
 * function in the application's code (lib/, app/, components/) over 80 lines. A file or function
 * that grows past them is split where it does two things, not exempted here.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 80;

function sources(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return listed.split("\n").filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !file.endsWith(".d.ts"));
}

const isApplicationCode = (file: string) =>
  /^(lib|app|components)\//.test(file) || ["proxy.ts", "instrumentation.ts"].includes(file);

function lineCount(text: string): number {
  return text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
}

function longFunctions(file: string, text: string): string[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".mjs") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      if (last - first + 1 > MAX_FUNCTION_LINES) found.push(`${file}:${first + 1} (${last - first + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test(`no source file is longer than ${MAX_FILE_LINES} lines`, () => {
  const long = sources()
    .map((file) => ({ file, lines: lineCount(readFileSync(path.join(ROOT, file), "utf8")) }))
    .filter(({ lines }) => lines > MAX_FILE_LINES)
    .map(({ file, lines }) => `${file} (${lines} lines)`);
  assert.deepEqual(long, []);
});

test(`no function of the application is longer than ${MAX_FUNCTION_LINES} lines`, () => {
  const long = sources()
    .filter(isApplicationCode)
    .flatMap((file) => longFunctions(file, readFileSync(path.join(ROOT, file), "utf8")));
  assert.deepEqual(long, []);
});
