import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { RemotePglite } from "@/lib/db/pglite-remote";

/**
 * The embedded database on its own thread (lib/db/pglite-remote.ts): what the server thread asks
 * of it behaves as PGlite on one thread did, and the server thread stays free while it works.
 */
describe("the embedded database's thread", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "arge-remote-"));
  const crashes: Error[] = [];
  let db: RemotePglite;

  before(async () => {
    db = await RemotePglite.create(path.join(dir, "pglite"), [], (err) => crashes.push(err));
    await db.exec("CREATE TABLE t (id int PRIMARY KEY, at timestamptz, day date, data bytea, doc jsonb)");
  });
  after(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("rows come back with their types; dates stay text when the caller asks (as drizzle does)", async () => {
    const at = new Date("2026-11-28T10:00:00.000Z");
    const bytes = new Uint8Array([0, 1, 2, 250]);
    await db.query("INSERT INTO t VALUES (1, $1, '2026-11-01', $2, $3)", [at, bytes, JSON.stringify({ a: [1] })]);
    const { rows } = await db.query<{ at: Date; day: Date; data: Uint8Array; doc: unknown }>("SELECT * FROM t");
    assert.equal(rows[0]!.at.toISOString(), at.toISOString());
    assert.deepEqual([...rows[0]!.data], [...bytes]);
    assert.deepEqual(rows[0]!.doc, { a: [1] });
    const raw = await db.query<unknown[]>("SELECT at, day FROM t", [], {
      rowMode: "array",
      parsers: { 1184: (v: string) => v, 1082: (v: string) => v },
    });
    assert.deepEqual(raw.rows[0], ["2026-11-28 10:00:00+00", "2026-11-01"]);
  });

  test("an error carries PostgreSQL's code and constraint", async () => {
    const err = await db.query("INSERT INTO t (id) VALUES (1)").catch((e: unknown) => e);
    assert.ok(err instanceof Error);
    assert.equal((err as { code?: string }).code, "23505");
    assert.equal((err as { constraint?: string }).constraint, "t_pkey");
  });

  test("a transaction commits when its work returns, rolls back when it throws, and others wait for it", async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id) VALUES (2)");
      outside = db.query("SELECT count(*)::int AS n FROM t").then((r) => order.push(`outside saw ${r.rows[0]!.n}`));
      await tx.query("INSERT INTO t (id) VALUES (3)");
      order.push("committing");
    });
    await outside;
    assert.deepEqual(order, ["committing", "outside saw 3"]);
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t (id) VALUES (4)");
        throw new Error("changed my mind");
      }),
      /changed my mind/,
    );
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM t WHERE id = 4");
    assert.equal(rows[0]!.n, 0, "the thrown transaction left nothing");
  });

  test("the server thread runs its own work while a long statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await db.query("SELECT count(*) FROM generate_series(1, 3000000)");
    clearInterval(timer);
    // PGlite on this thread would hold it for the statement's whole run: no tick in between.
    assert.ok(ticks > 1, `${ticks} ticks during the statement`);
    assert.deepEqual(crashes, []);
  });
});
