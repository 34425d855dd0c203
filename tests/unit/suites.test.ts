/**
 * One helper starts a test file's servers (tests/support/suite.ts): no `before` hook of an HTTP
 * test file starts a server or a provider itself. A test that needs a fresh server of its own
 * starts it in its body.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import ts from "typescript";
import { httpTestFiles } from "../placement.mjs";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const HOOKS = new Set(["before", "beforeEach"]);
// Functions that start a server or provider themselves (the conformance files' sandbox, the delivery record's seed).
const STARTS = new Set(["startServer", "startAltProvider", "startSandbox", "seedRecords"]);

/** `file:line` of every call of a start function inside a `before` hook's callback. */
function startsInHooks(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node, inHook: boolean) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      if (inHook && STARTS.has(name))
        found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} (${name})`);
      if (HOOKS.has(name)) {
        node.arguments.forEach((arg) => visit(arg, true));
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, inHook));
  };
  visit(source, false);
  return found;
}

test("no HTTP test file starts a server or a provider in its own before hook", () => {
  const found = httpTestFiles(ROOT).flatMap(startsInHooks);
  assert.deepEqual(found, [], "use suiteServer, sandboxSuite or altProviderSuite of tests/support/suite.ts");
});
