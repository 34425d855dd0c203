import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool, PoolClient } from "pg";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { getDriver } from "./client";

/**
 * Takes erased values out of the database's files (issue #32): VACUUM FULL rewrites the table (a
 * plain VACUUM leaves the old row's bytes), a WAL switch and CHECKPOINT let old segments go; costs in
 * docs/scale.md. A failed step is logged and skipped: the erasure is committed, and repeating it repeats them.
 */

/** How long the rewrite waits for the table on PostgreSQL, where other sessions may hold it. */
const LOCK_TIMEOUT = "10s";
/** How long it waits on PostgreSQL for the transactions older than it to end, and how often it looks. */
const OLDER_WAIT_MS = 15_000;
const OLDER_POLL_MS = 100;
/**
 * Segments made for reuse before wal_recycle=off (by an older version or a command) that one erasure passes at most.
 */
const MAX_SEGMENTS_AHEAD = 64;

type Run = (text: string) => Promise<Record<string, unknown>[]>;

async function step(name: string, fn: () => Promise<unknown>): Promise<boolean> {
  try {
    await fn();
    return true;
  } catch (err) {
    log().warn(
      { err, step: name },
      "erasure: a step of removing the old values from the database's files failed; erasing again repeats it",
    );
    return false;
  }
}

/** WAL segment files after the one written now: made for reuse, they still hold what they held before. */
async function segmentsAhead(run: Run): Promise<number> {
  const [row] = await run(
    `SELECT count(*)::int AS n FROM pg_ls_waldir() WHERE name ~ '^[0-9A-F]{24}$' AND name > pg_walfile_name(pg_current_wal_insert_lsn())`,
  );
  return Math.min(Number(row?.n ?? 0), MAX_SEGMENTS_AHEAD);
}

/**
 * Rewrites `tables`, then moves the log into a segment that holds nothing older and checkpoints,
 * so that every older segment is removed. Segments left for reuse by an earlier start are passed
 * one by one: the log is written into each in turn (its old tail with it) and removed after it.
 */
async function scrubWith(run: Run, tables: readonly string[], rounds: (run: Run) => Promise<number>): Promise<void> {
  for (const table of tables) await step(`vacuum full ${table}`, () => run(`VACUUM FULL ${table}`));
  const total = (await rounds(run).catch(() => 0)) + 1;
  for (let i = 0; i < total; i++) {
    const switched = await step("switch wal", () => run("SELECT pg_switch_wal()"));
    // Without the switch a checkpoint still writes the rewritten table out and lets older segments go.
    if (!(await step("checkpoint", () => run("CHECKPOINT"))) || !switched) return;
  }
}

/**
 * PostgreSQL keeps an old row version while any transaction older than its deletion runs, in any
 * database of the server (VACUUM FULL then copies it along as "recently dead"). Waits until every
 * transaction that holds an id or a snapshot from before a fresh transaction id of ours has ended,
 * or until OLDER_WAIT_MS; false when they still run. An autovacuum worker's VACUUM holds nothing back, its ANALYZE
 * does (a snapshot like any transaction's; after a register import autovacuum analyzes the tables it wrote, and an
 * erasure at that moment copied the erased rows along). A role without pg_read_all_stats sees no other role's
 * snapshots here (docs/api.md, "The unit register": grant it to the app's user).
 */
async function olderTransactionsEnded(run: Run): Promise<boolean> {
  const [mark] = await run("SELECT (pg_current_xact_id()::text::bigint % 4294967296)::text AS x");
  const xid = String(mark?.x);
  if (!/^\d+$/.test(xid)) return false;
  const deadline = Date.now() + OLDER_WAIT_MS;
  for (;;) {
    const [row] = await run(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid <> pg_backend_pid()
       AND (backend_type <> 'autovacuum worker' OR query NOT LIKE 'autovacuum: VACUUM%' OR query LIKE '%ANALYZE%')
       AND (age(backend_xid) > age('${xid}'::xid) OR age(backend_xmin) > age('${xid}'::xid))`,
    );
    if (Number(row?.n) === 0) return true;
    if (Date.now() >= deadline) return false;
    await sleep(OLDER_POLL_MS);
  }
}

async function onPostgres(pool: Pool, tables: readonly string[]): Promise<void> {
  const client: PoolClient = await pool.connect();
  const run: Run = async (text) => (await client.query(text)).rows as Record<string, unknown>[];
  try {
    await run(`SET lock_timeout = '${LOCK_TIMEOUT}'`);
    await step("wait for older transactions", async () => {
      if (!(await olderTransactionsEnded(run)))
        throw new Error(`transactions older than the erasure still ran after ${OLDER_WAIT_MS} ms`);
    });
    // The server's own settings decide what becomes of old segments (its wal_recycle, archive, replicas): one switch.
    await scrubWith(run, tables, async () => 0);
  } finally {
    await run("RESET lock_timeout").catch(() => undefined);
    client.release();
  }
}

/**
 * Removes the old versions of erased rows of `tables` (plain lowercase names) from the database's
 * files, as far as it can; never throws for a failed step (each is logged).
 */
export async function scrubTables(tables: readonly string[]): Promise<void> {
  for (const table of tables) if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
  await step("start", async () => {
    const driver = await getDriver();
    if (env().databaseUrl) return onPostgres(driver as Pool, tables);
    const pglite = driver as PGlite;
    await scrubWith(async (text) => (await pglite.query<Record<string, unknown>>(text)).rows, tables, segmentsAhead);
  });
}
