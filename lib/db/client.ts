import "server-only";
import path from "node:path";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { env } from "@/lib/env";
import { runMigrations, type SqlRunner } from "./migrate";
import { RemotePglite } from "./pglite-remote";

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
 * Settings of PostgreSQL inside PGlite, on its command line (postgresql.conf stays as initdb wrote
 * it): small shared buffers, as its memory never shrinks; no zero-filling of new WAL segments, which
 * held the server's thread; old segments deleted, not kept for reuse with their contents (scrub.ts).
 * The figures: docs/scale.md, "The figures behind the code's choices".
 */
const EMBEDDED_SETTINGS = ["shared_buffers=16MB", "wal_init_zero=off", "wal_recycle=off"];

/**
 * A new data directory is made once by a child process: PGlite's initdb in this one left its memory
 * behind for good. Should the child fail, PGlite.create makes it here and reports any error.
 */
async function initEmbedded(dir: string): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const script =
    'const { PGlite } = await import("@electric-sql/pglite"); await (await PGlite.create(process.argv[1])).close();';
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script, dir], { stdio: "ignore" });
    child.on("error", () => resolve());
    child.on("exit", () => resolve());
  });
}

/** The embedded database's thread died: nothing more can be written, so the process ends for its supervisor to restart. */
function embeddedCrashed(err: Error): void {
  console.error(
    `Die eingebettete Datenbank ist ausgefallen; der Server beendet sich. / The embedded database failed; the server exits. (${err.message})`,
  );
  process.exit(70);
}

async function openEmbedded(dataDir: string): Promise<Handle> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const dir = path.join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  await initEmbedded(dir);
  // PGlite runs on its own thread: no statement holds the server's (./pglite-remote.ts).
  const pglite = await RemotePglite.create(dir, EMBEDDED_SETTINGS, embeddedCrashed);
  const runner: SqlRunner = {
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async (sql, params) => (await pglite.query<Record<string, unknown>>(sql, params)).rows,
  };
  await runMigrations(runner);
  return { db: drizzle({ client: pglite as never }) as unknown as Db, close: () => pglite.close() };
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

/**
 * The driver under the process-wide database (PGlite, or pg's Pool): the backup route takes its snapshot through it.
 */
export async function getDriver(): Promise<unknown> {
  return ((await getDb()) as unknown as { $client: unknown }).$client;
}
