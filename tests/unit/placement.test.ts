/**
 * tests/placement.mjs is the one place that says which database each HTTP test file runs on:
 * every file is placed there, every entry names a file, and a reason goes with every file that
 * runs on PostgreSQL or alone.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { PLACEMENT, httpTestFiles, placementKey } from "../placement.mjs";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const key = (file: string) => placementKey(file);

test("every HTTP test file is placed, and every placement names a file", () => {
  const files = httpTestFiles(ROOT).map(key);
  assert.deepEqual(
    files.filter((f) => !PLACEMENT[f]),
    [],
    "place these in tests/placement.mjs",
  );
  assert.deepEqual(
    Object.keys(PLACEMENT).filter((f) => !files.includes(f)),
    [],
    "these entries name no file",
  );
});

test("a file that runs on PostgreSQL or alone says why", () => {
  for (const [file, placed] of Object.entries(PLACEMENT)) {
    for (const why of [placed.postgres, placed.alone]) {
      if (why !== undefined) assert.ok(why.trim().length > 10, `${file}: a reason in a few words`);
    }
  }
});

test("a file with tests for PostgreSQL alone runs on PostgreSQL", () => {
  for (const file of httpTestFiles(ROOT)) {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    const needsPostgres = /testDatabaseUrl\(\)|database: "postgres"/.test(text);
    if (needsPostgres)
      assert.ok(PLACEMENT[key(file)]?.postgres, `${key(file)} has PostgreSQL-only tests but is not placed there`);
  }
});
