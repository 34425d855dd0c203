/**
 * Where erased values could still sit: a data directory's files, a PostgreSQL table's raw pages, and a database owned
 * by a plain user.
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { testDatabaseUrl } from "./server";

/** Each file under `dir` (at any depth) that holds one of `needles` as UTF-8 bytes, as `file: needle`. */
export function filesHolding(dir: string, needles: string[]): string[] {
  const found: string[] = [];
  const walk = (entry: string) => {
    if (statSync(entry).isDirectory()) {
      for (const name of readdirSync(entry)) walk(path.join(entry, name));
      return;
    }
    const bytes = readFileSync(entry);
    for (const needle of needles)
      if (bytes.includes(Buffer.from(needle, "utf8"))) found.push(`${path.relative(dir, entry)}: ${needle}`);
  };
  walk(dir);
  return found;
}

async function onDatabase<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The needles found in any raw page of `table` (free space included), read by pageinspect as TEST_DATABASE_URL's
 * superuser.
 */
export async function pagesHolding(databaseUrl: string, table: string, needles: string[]): Promise<string[]> {
  const url = new URL(testDatabaseUrl()!);
  url.pathname = new URL(databaseUrl).pathname;
  return onDatabase(url.toString(), async (client) => {
    await client.query("CREATE EXTENSION IF NOT EXISTS pageinspect");
    const { rows } = await client.query<{ p: Buffer }>(
      `SELECT get_raw_page($1::text, n::int) AS p FROM generate_series(0, pg_relation_size($1::text::regclass) / current_setting('block_size')::int - 1) n`,
      [table],
    );
    return needles.filter((needle) => rows.some((r) => r.p.includes(Buffer.from(needle, "utf8"))));
  });
}

/** A database on TEST_DATABASE_URL's server owned by a new role that is no superuser: its URL, and how to drop both. */
export async function plainOwnerDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = testDatabaseUrl()!;
  const name = `arge_owner_${randomBytes(6).toString("hex")}`;
  const password = randomBytes(12).toString("hex");
  await onDatabase(admin, async (client) => {
    await client.query(`CREATE ROLE ${name} LOGIN PASSWORD '${password}'`);
    await client.query(`CREATE DATABASE ${name} OWNER ${name}`);
    // As docs/api.md asks of the app's user: it sees other sessions' snapshots (pg_read_all_stats), not a superuser.
    await client.query(`GRANT pg_read_all_stats TO ${name}`);
  });
  const url = new URL(admin);
  Object.assign(url, { username: name, password, pathname: `/${name}` });
  return {
    url: url.toString(),
    drop: () =>
      onDatabase(admin, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.query(`DROP ROLE IF EXISTS ${name}`);
      }),
  };
}
