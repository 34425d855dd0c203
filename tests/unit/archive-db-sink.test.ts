import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import type { Db } from "@/lib/db/client";
import { runMigrations, type SqlRunner } from "@/lib/db/migrate";
import { dbSink } from "@/lib/archive/db-sink";
import { openScratchDatabase, type ScratchDatabase } from "../support/scratch-database";
import { testDatabaseUrl } from "../support/server";

/**
 * The database archive's chunks (lib/archive/db-sink.ts) on the real database: the
 * embedded one, or PostgreSQL when TEST_DATABASE_URL is set (a throw-away database there, a pool
 * as large as the app's, so chunk rows can be under way at once).
 */

const MB = 1024 * 1024;
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** `url`: the throw-away PostgreSQL database, absent on the embedded one. */
/** The stored chunks of the blob named `sha`, joined in their order. */
async function storedBytes(run: SqlRunner, sha: string): Promise<Buffer> {
  const rows = await run.query(
    "SELECT c.data FROM delivery_blob_chunks c JOIN delivery_blobs b ON b.id = c.blob_id WHERE b.sha256 = $1 ORDER BY c.seq",
    [sha],
  );
  return Buffer.concat(rows.map((r) => Buffer.from(r.data as Uint8Array)));
}

describe("the database archive's chunks", () => {
  let database: ScratchDatabase;
  let db: Db;
  before(async () => {
    database = await openScratchDatabase(10);
    await runMigrations(database.run);
    db = database.db();
  });
  after(() => database.close());

  test("a file of distinct bytes in chunks of every size is stored in order, its hash the hash of what was given", async () => {
    const file = randomBytes(5 * MB + MB / 2 + 17);
    const sink = await dbSink(db);
    // Small chunks as a download brings them, one larger than several batches, and the rest.
    const cuts = [0, 65_536, 131_072, 131_072 + 3 * MB, file.length];
    for (let i = 1; i < cuts.length; i++) await sink.write(file.subarray(cuts[i - 1], cuts[i]));
    const done = await sink.commit();
    assert.deepEqual(done, { sha256: sha256(file), bytes: file.length });
    assert.ok((await storedBytes(database.run, done.sha256)).equals(file), "the rows in their order are the file");
  });

  test(
    "PostgreSQL: three chunk rows are under way at once, not one after another",
    { skip: !testDatabaseUrl() },
    async () => {
      const file = randomBytes(4 * MB);
      const sink = await dbSink(db);
      // Another session holds the table, so every chunk row waits for it where it can be seen.
      const blocker = new pg.Client({ connectionString: database.url });
      await blocker.connect();
      const writes: Promise<void>[] = [];
      try {
        await blocker.query("BEGIN; LOCK TABLE delivery_blob_chunks IN EXCLUSIVE MODE");
        // Not awaited one by one: with fewer rows under way the stream is held back sooner.
        for (let at = 0; at < file.length; at += MB / 4) writes.push(sink.write(file.subarray(at, at + MB / 4)));
        // Asked outside the blocker's transaction, which would keep seeing its first view of the activity.
        const waiting = async () =>
          Number(
            (
              await database.run.query(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'insert into \"delivery_blob_chunks\"%'",
              )
            )[0]!.n,
          );
        // Bounded: the inserts reach the lock as soon as their connections are open.
        let n = 0;
        for (let i = 0; i < 200 && (n = await waiting()) < 3; i++) await new Promise((r) => setTimeout(r, 50));
        assert.equal(n, 3);
      } finally {
        await blocker.query("ROLLBACK");
        await blocker.end();
      }
      await Promise.all(writes);
      const done = await sink.commit();
      assert.equal(done.sha256, sha256(file));
      assert.ok((await storedBytes(database.run, done.sha256)).equals(file));
    },
  );

  test("a chunk row that cannot be written fails the file: later writes and the commit reject", async () => {
    const sink = await dbSink(db);
    await sink.write(randomBytes(MB + 1));
    // The unnamed blob removed underneath (as a cleanup of a crashed instance's leftovers would): its next rows have no
    // blob.
    await database.run.exec("DELETE FROM delivery_blobs WHERE sha256 IS NULL");
    await sink.write(randomBytes(2 * MB)).catch(() => undefined);
    await assert.rejects(sink.commit());
    await assert.rejects(sink.write(randomBytes(10)));
    await sink.abort();
  });
});
