import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";

/**
 * Source files and docs cite sections of docs/*.md by name (`docs/architecture.md, "Sync"`) or
 * link to them (`api.md#provider-failures`): every cited document, section and anchor must exist.
 * A document named anywhere must be in this repository: a reader of the code has nothing else.
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

const headings = (doc: string) =>
  [...readFileSync(path.join(DOCS, doc), "utf8").matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((m) => m[1]!);

/** GitHub's anchor of a heading. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .replace(/ /g, "-");

const CODE = /\.(ts|tsx|mjs|sql)$/;
const SOURCES = [
  ...["lib", "app", "components"].flatMap((d) => files(path.join(ROOT, d), CODE)),
  ...files(DOCS, /\.md$/),
];
// tests/bench is left out: the figures are defined by the bench contract, which lives beside the
// repository. This file names made-up documents in its examples.
const TESTS = ["unit", "integration", "support", "e2e"]
  .flatMap((d) => files(path.join(ROOT, "tests", d), CODE))
  .filter((f) => f !== import.meta.filename);

/** A document named by a file of `from`: docs/ first, then the repository's root; never a path out of it. */
function resolveDoc(name: string, from: string): string | undefined {
  const candidates = name.includes("/")
    ? [path.resolve(ROOT, name), path.resolve(path.dirname(from), name)]
    : [path.join(DOCS, name), path.join(ROOT, name)];
  return candidates.find((c) => !path.relative(ROOT, c).startsWith("..") && existsSync(c));
}

describe("citations of docs/", () => {
  test("the four documents exist", () => {
    for (const doc of ["architecture.md", "api.md", "provider-client.md", "sandbox.md"])
      assert.ok(existsSync(path.join(DOCS, doc)), doc);
  });

  test("every document named in the code, the tests and docs/ is in the repository", () => {
    let named = 0;
    const missing: string[] = [];
    for (const file of [...SOURCES, ...TESTS]) {
      // A name with an optional relative path (`docs/api.md`, `contracts/X.md`); not a URL's path.
      for (const m of readFileSync(file, "utf8").matchAll(/(?<![\w/.:-])((?:\.{1,2}\/|[\w-]+\/)*[\w-]+\.md)\b/g)) {
        if (!resolveDoc(m[1]!, file)) missing.push(`${path.relative(ROOT, file)} names ${m[1]}`);
        named++;
      }
    }
    assert.deepEqual(missing, [], "documents that are not in the repository");
    assert.ok(named >= 40, `only ${named} documents named`);
  });

  test("every section cited by name is a heading of that document", () => {
    let cited = 0;
    for (const file of SOURCES) {
      const text = readFileSync(file, "utf8").replace(/\n\s*(\*|\/\/)\s*/g, " ");
      // `docs/x.md, "A"`, `docs/x.md, "A" and "B"`, `docs/x.md, \`GET /api/x\``; in docs/ the prefix is optional.
      for (const m of text.matchAll(/(?:docs\/)?([a-z-]+\.md),\s*((?:"[^"]+"(?:\s+and\s+"[^"]+")*)|`[^`]+`)/g)) {
        const doc = m[1]!;
        assert.ok(existsSync(path.join(DOCS, doc)), `${path.relative(ROOT, file)} cites ${doc}, which is not in docs/`);
        const names = m[2]!.startsWith("`") ? [m[2]!] : [...m[2]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!);
        for (const name of names) {
          const found = name.startsWith("`")
            ? headings(doc).some((h) => h.includes(name))
            : headings(doc).includes(name);
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
