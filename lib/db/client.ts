import "server-only";
import path from "node:path";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { env } from "@/lib/env";
import { runMigrations, type SqlRunner } from "./migrate";
import { pgliteExtensions } from "./pglite";

/** One database handle for both engines: the queries are the same, only the driver differs. */
export type Db = PgDatabase<PgQueryResultHKT>;

type Handle = { db: Db; close: () => Promise<void> };

const globalForDb = globalThis as unknown as { argeDb?: Promise<Handle> };

async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: url, max: 10 });
  const client = await pool.connect();
  try {
    // Several app instances may start at once: one of them migrates, the others wait.
    await client.query("SELECT pg_advisory_lock(727274001)");
    const runner: SqlRunner = {
      exec: async (sql) => void (await client.query(sql)),
      query: async (sql, params) => (await client.query(sql, params)).rows,
    };
    await runMigrations(runner);
  } finally {
    await client.query("SELECT pg_advisory_unlock(727274001)").catch(() => undefined);
    client.release();
  }
  return { db: drizzle({ client: pool }) as unknown as Db, close: () => pool.end() };
}

/**
 * PostgreSQL's memory settings inside PGlite. Its WebAssembly memory never shrinks: what PostgreSQL
 * once touches stays in the server's RSS. initdb's shared_buffers of 128MB (and the wal_buffers
 * derived from them) cost about 145 MB of it (`npm run bench -- server.`: 484 MB idle after the
 * demo's syncs, 340 MB with 16MB). Pages not held there are read from the operating system's file
 * cache beneath PGlite. Given on the command line, so postgresql.conf in DATA_DIR stays as initdb
 * wrote it; fsync and commits stay as PGlite's defaults have them.
 *
 * wal_init_zero off: a new 16 MB WAL segment is not filled with zeros first. Through PGlite's file
 * system that filling held the server's thread for one statement at each switch (46–55 ms in a
 * sync's write of 30,000 documents to a data directory, 250–370 ms in memory); measured by the WAL
 * position before and after the slow statements. Nothing else changes: the segment is written as
 * before, and recycled segments were never zeroed anyway.
 *
 * wal_recycle off: a checkpoint deletes the WAL segments it no longer needs instead of renaming
 * them for reuse, which kept their old contents (an erased resident's name among them) on disk
 * until overwritten (scrub.ts). A new segment is then made afresh, cheaply with wal_init_zero off.
 */
const EMBEDDED_SETTINGS = ["shared_buffers=16MB", "wal_init_zero=off", "wal_recycle=off"];

/**
 * A new data directory is made by PGlite's initdb, a second WebAssembly instance beside the
 * database's own; done in this process it left about 75 MB of RSS behind for good (freed, but kept
 * by the allocator). A child process makes it instead, once, at the first start. Should the child fail (PGlite not found from the
 * working directory, say), PGlite.create makes the directory here as before and reports any error.
 */
async function initEmbedded(dir: string): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const script = 'const { PGlite } = await import("@electric-sql/pglite"); await (await PGlite.create(process.argv[1])).close();';
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script, dir], { stdio: "ignore" });
    child.on("error", () => resolve());
    child.on("exit", () => resolve());
  });
}

async function openEmbedded(dataDir: string): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dir = path.join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  await initEmbedded(dir);
  const pglite = await PGlite.create(dir, {
    extensions: await pgliteExtensions(),
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((s) => ["-c", s])],
  });
  const runner: SqlRunner = {
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async (sql, params) => (await pglite.query<Record<string, unknown>>(sql, params)).rows,
  };
  await runMigrations(runner);
  return { db: drizzle({ client: pglite }) as unknown as Db, close: () => pglite.close() };
}

function open(): Promise<Handle> {
  const { databaseUrl, dataDir } = env();
  return databaseUrl ? openPostgres(databaseUrl) : openEmbedded(dataDir);
}

/** The process-wide database, migrated on first use. */
export async function getDb(): Promise<Db> {
  globalForDb.argeDb ??= open().catch((err: unknown) => {
    globalForDb.argeDb = undefined;
    throw err;
  });
  return (await globalForDb.argeDb).db;
}

/** The driver under the process-wide database (PGlite, or pg's Pool): the backup route takes its snapshot through it. */
export async function getDriver(): Promise<unknown> {
  return ((await getDb()) as unknown as { $client: unknown }).$client;
}
