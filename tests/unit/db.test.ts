import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { migrationsDir, runMigrations, type SqlRunner } from "@/lib/db/migrate";
import { pgliteExtensions } from "@/lib/db/pglite";

function runnerFor(db: PGlite): SqlRunner {
  return {
    exec: async (sql) => void (await db.exec(sql)),
    query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
  };
}

describe("migrations (embedded PostgreSQL)", () => {
  test("the project's migrations apply once, in order, and are recorded", async () => {
    const db = await PGlite.create({ extensions: await pgliteExtensions() });
    const first = await runMigrations(runnerFor(db));
    assert.ok(first.length >= 1);
    assert.deepEqual(first, [...first].sort());
    assert.deepEqual(await runMigrations(runnerFor(db)), [], "nothing applied twice");
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users");
    assert.equal(rows[0]!.n, 0);
    assert.ok(migrationsDir().endsWith(path.join("lib", "db", "migrations")));
    await db.close();
  });

  test("a failing migration rolls back whole and names itself", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "arge-mig-"));
    writeFileSync(path.join(dir, "0001_ok.sql"), "CREATE TABLE a (id int);");
    writeFileSync(path.join(dir, "0002_bad.sql"), "CREATE TABLE b (id int); SELECT no_such_function();");
    const db = await PGlite.create();
    await assert.rejects(runMigrations(runnerFor(db), dir), /0002_bad/);
    const { rows } = await db.query<{ t: string | null }>("SELECT to_regclass('b')::text AS t");
    assert.equal(rows[0]!.t, null, "table b was rolled back");
    const applied = await db.query<{ version: string }>("SELECT version FROM schema_migrations");
    assert.deepEqual(
      applied.rows.map((r) => r.version),
      ["0001_ok"],
    );
    await db.close();
    rmSync(dir, { recursive: true });
  });
});
