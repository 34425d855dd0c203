import "server-only";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { appFile } from "@/lib/process/app-file";

export type SqlRunner = {
  exec: (sql: string) => Promise<void>;
  query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
};

/** SQL files named NNNN_name.sql, applied in order, each once, each in its own transaction. */
export function migrationsDir(): string {
  return appFile("lib", "db", "migrations");
}

function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

const versionOf = (file: string) => file.replace(/\.sql$/, "");

let latest: string | undefined;

/** The version of the newest migration this build ships: once it is in schema_migrations, all are. */
export function latestMigration(): string {
  return (latest ??= versionOf(migrationFiles(migrationsDir()).at(-1) ?? ""));
}

export async function runMigrations(db: SqlRunner, dir = migrationsDir()): Promise<string[]> {
  await db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  const done = new Set((await db.query("SELECT version FROM schema_migrations")).map((r) => String(r.version)));
  const applied: string[] = [];
  for (const file of migrationFiles(dir)) {
    const version = versionOf(file);
    if (done.has(version)) continue;
    const sql = readFileSync(path.join(/*turbopackIgnore: true*/ dir, file), "utf8");
    await db.exec("BEGIN");
    try {
      await db.exec(sql);
      await db.query("INSERT INTO schema_migrations (version) VALUES ($1)", [version]);
      await db.exec("COMMIT");
    } catch (err) {
      await db.exec("ROLLBACK");
      throw new Error(`migration ${version} failed: ${(err as Error).message}`);
    }
    applied.push(version);
  }
  return applied;
}
