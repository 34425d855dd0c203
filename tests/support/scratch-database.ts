/** A database of its own for a test that calls the app's functions directly, without a server. */
import { PGlite } from "@electric-sql/pglite";
import type { Logger } from "drizzle-orm/logger";
import { drizzle as pgliteDrizzle } from "drizzle-orm/pglite";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "@/lib/db/client";
import type { SqlRunner } from "@/lib/db/migrate";
import { pgliteExtensions } from "@/lib/db/pglite";
import { createDatabase, testDatabaseUrl } from "./server";

/**
 * The embedded database in memory, or with TEST_DATABASE_URL a throw-away database on that
 * server behind a pool of `poolMax` connections (`url` names it). Not migrated: `run` is what
 * runMigrations takes. `db` makes a drizzle handle, with a logger if one is given.
 */
export type ScratchDatabase = { run: SqlRunner; db: (logger?: Logger) => Db; url?: string; close: () => Promise<void> };

export async function openScratchDatabase(poolMax: number): Promise<ScratchDatabase> {
  const url = testDatabaseUrl();
  if (!url) {
    const lite = await PGlite.create({ extensions: await pgliteExtensions() });
    const run: SqlRunner = {
      exec: async (s) => void (await lite.exec(s)),
      query: async (s, p) => (await lite.query<Record<string, unknown>>(s, p)).rows,
    };
    return {
      run,
      db: (logger) => pgliteDrizzle({ client: lite, ...(logger && { logger }) }) as unknown as Db,
      close: () => lite.close(),
    };
  }
  const scratch = await createDatabase(url);
  const pool = new pg.Pool({ connectionString: scratch.url, max: poolMax });
  const run: SqlRunner = {
    exec: async (s) => void (await pool.query(s)),
    query: async (s, p) => (await pool.query(s, p)).rows,
  };
  const close = async () => {
    await pool.end();
    await scratch.drop();
  };
  return {
    run,
    db: (logger) => pgDrizzle({ client: pool, ...(logger && { logger }) }) as unknown as Db,
    url: scratch.url,
    close,
  };
}
