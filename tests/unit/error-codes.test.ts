import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ERROR_CODES } from "@/lib/errors";

/**
 * The error codes are one closed list (lib/errors.ts): the type check refuses a code that is not on it. What a type
 * cannot see is kept here: the list holds each code once, docs/api.md names every code a client may meet, and the
 * launcher (plain JavaScript, lib/cli/serve.mjs) answers with codes from the list.
 */

const ROOT = path.resolve(import.meta.dirname, "..", "..");

test("every error code is on the list once and named in docs/api.md", () => {
  assert.ok(ERROR_CODES.length > 40);
  assert.equal(new Set(ERROR_CODES).size, ERROR_CODES.length);
  const api = readFileSync(path.join(ROOT, "docs/api.md"), "utf8");
  assert.deepEqual(
    ERROR_CODES.filter((code) => !new RegExp(`[\`"](?:\\d{3}\\s+)?${code}[\`"]`).test(api)),
    [],
    "codes docs/api.md does not name",
  );
});

test("the launcher's error answers use codes of the list", () => {
  const dir = path.join(ROOT, "lib/cli");
  const written = readdirSync(dir)
    .filter((f) => f.endsWith(".mjs"))
    .flatMap((f) => [...readFileSync(path.join(dir, f), "utf8").matchAll(/\berror: "([a-z_]+)"/g)].map((m) => m[1]!));
  assert.ok(written.includes("bad_request"));
  assert.deepEqual(
    written.filter((code) => !(ERROR_CODES as readonly string[]).includes(code)),
    [],
  );
});
