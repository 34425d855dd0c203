import "server-only";
import { copyFile, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { migrationsDir, runMigrations, type SqlRunner } from "@/lib/db/migrate";
import { pgliteExtensions } from "@/lib/db/pglite";
import type { Sql } from "./catalog";
import { OpsError } from "./manifest";
import { withStaging } from "./pack";

/** One connection to either engine, as the backup commands use it (not the app's pooled handle). */
export type Database = {
  engine: "pglite" | "postgresql";
  /** Statements outside any transaction of ours. */
  sql: Sql;
  runner: SqlRunner;
  /** One read-only transaction that sees a single moment of the database. */
  consistent: <T>(fn: (sql: Sql) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

const ofPglite = (q: PGlite | Transaction): Sql => ({
  query: async (text, params) => (await q.query<Record<string, unknown>>(text, params)).rows,
});

/**
 * A PGlite instance, the CLI's own or the running server's. PGlite runs one query at a time and
 * a transaction holds it whole, so the server's other work waits while the rows are read.
 */
export function pgliteDatabase(pglite: PGlite, close: () => Promise<void>): Database {
  return {
    engine: "pglite",
    sql: ofPglite(pglite),
    runner: { exec: async (text) => void (await pglite.exec(text)), query: ofPglite(pglite).query },
    consistent: (fn) =>
      pglite.transaction(async (tx) => {
        await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY");
        return fn(ofPglite(tx));
      }),
    close,
  };
}

export async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const dir = path.join(dataDir, "pglite");
  await mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir, { extensions: await pgliteExtensions() });
  return pgliteDatabase(pglite, () => pglite.close());
}

/**
 * PostgreSQL through one `pg` client: the snapshot is a REPEATABLE READ READ ONLY transaction, the app keeps running.
 */
export async function openPostgres(url: string): Promise<Database> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url });
  await client.connect().catch((err: Error) => {
    throw new OpsError(`PostgreSQL nicht erreichbar (${err.message})`, `PostgreSQL not reachable (${err.message})`);
  });
  const sql: Sql = {
    query: async (text, params) => (await client.query(text, params)).rows as Record<string, unknown>[],
  };
  return {
    engine: "postgresql",
    sql,
    runner: { exec: async (text) => void (await client.query(text)), query: sql.query },
    async consistent(fn) {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      try {
        const result = await fn(sql);
        await client.query("COMMIT");
        return result;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      }
    },
    close: () => client.end(),
  };
}

/** Applies the migrations up to and including `version` (all of them without one). */
export async function migrateTo(db: Database, version?: string): Promise<void> {
  if (!version) {
    await runMigrations(db.runner);
    return;
  }
  const known = (await readdir(migrationsDir())).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
  if (!known.includes(`${version}.sql`)) {
    throw new OpsError(
      `Die Sicherung stammt von einer neueren Version (Schema ${version}); bitte diese Version installieren`,
      `the backup comes from a newer version (schema ${version}); install that version first`,
    );
  }
  await withStaging(async (dir) => {
    for (const file of known.filter((f) => f <= `${version}.sql`))
      await copyFile(path.join(migrationsDir(), file), path.join(dir, file));
    await runMigrations(db.runner, dir);
  });
}
