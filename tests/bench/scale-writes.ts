/**
 * What the indexes of support's search (migration 0014) cost every write of the sync (docs/scale.md):
 * two throw-away databases on the PostgreSQL server that TEST_DATABASE_URL names, one migrated up
 * to 0013 and one with 0014 as well, get the same documents as the seed of the scale figures
 * (tests/bench/seed-index.ts: its statement and its rows, batches of 5,000, one writer), a batch to
 * each in turn (which one goes first alternates), so both see the same load of the machine.
 *
 *   TEST_DATABASE_URL=... node --conditions=react-server --import tsx tests/bench/scale-writes.ts [documents]
 *
 * Loopback only; the loop is bounded by the documents.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { migrationsDir, runMigrations } from "@/lib/db/migrate";
import { createDatabase, testDatabaseUrl } from "../support/server";
import { MONTHS } from "./rig";
import { batches, INSERT, type Owner } from "./seed-index";

const SEARCH_INDEXES = "0014_search_indexes.sql";

/** A database migrated from `dir`, with one user and two connections of the given ids. */
async function database(
  url: string,
  dir: string,
  owner: Owner,
): Promise<{ client: pg.Client; drop: () => Promise<void> }> {
  const scratch = await createDatabase(url);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  await runMigrations(
    { exec: async (s) => void (await client.query(s)), query: async (s, p) => (await client.query(s, p)).rows },
    dir,
  );
  await client.query("INSERT INTO teams (id, name) VALUES ($1, 'W')", [owner.id]);
  await client.query(
    "INSERT INTO users (id, email, name, role, password_hash, team_id) VALUES ($1, 'w@example.com', 'W', 'manager', 'x', $1)",
    [owner.id],
  );
  for (const [i, id] of owner.connections.entries())
    await client.query(
      "INSERT INTO connections (id, user_id, team_id, name, service, base_url, auth_type, principal, secret_sealed) VALUES ($1, $2, $2, $3, 'uvi', 'https://p.example', 'basic', 'u', 'v1.k.a.b')",
      [id, owner.id, `w-${i}`],
    );
  return { client, drop: async () => (await client.end(), await scratch.drop()) };
}

async function main(): Promise<void> {
  const url = testDatabaseUrl();
  if (!url) throw new Error("TEST_DATABASE_URL names the PostgreSQL server to measure on");
  const documents = Number(process.argv[2] ?? 240_000);
  const before = mkdtempSync(path.join(tmpdir(), "arge-migrations-"));
  for (const file of readdirSync(migrationsDir()).filter((f) => f.endsWith(".sql") && f < SEARCH_INDEXES))
    copyFileSync(path.join(migrationsDir(), file), path.join(before, file));
  const owner: Owner = { id: randomUUID(), connections: [randomUUID(), randomUUID()] };
  const sides = [
    { name: "up to 0013", ...(await database(url, before, owner)), ms: 0 },
    { name: "with 0014", ...(await database(url, migrationsDir(), owner)), ms: 0 },
  ];
  try {
    let n = 0;
    for (const batch of batches([owner], Math.ceil(documents / MONTHS.length))) {
      const rows = JSON.stringify(batch);
      for (const side of n++ % 2 === 0 ? sides : [...sides].reverse()) {
        const started = performance.now();
        await side.client.query(INSERT, [rows]);
        side.ms += performance.now() - started;
      }
    }
    const [a, b] = sides;
    console.log(
      `${documents} documents, ${n} batches: ${a!.name} ${Math.round(a!.ms)} ms, ${b!.name} ${Math.round(b!.ms)} ms (${(b!.ms / a!.ms).toFixed(2)}×)`,
    );
  } finally {
    for (const side of sides) await side.drop();
    rmSync(before, { recursive: true, force: true });
  }
}

await main();
