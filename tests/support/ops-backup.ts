/** Helpers for the backup tests: the three commands, empty targets, and an app's state read through its API. */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestServer } from "./server";
import { testDatabaseUrl } from "./server";
import { api, type Session } from "./session";
import { pgliteExtensions } from "@/lib/db/pglite";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

export type Outcome = { code: number | null; out: string };

/**
 * Runs `npm run <command>` as an operator would (the package.json script's own node line) with the given environment.
 */
export function runOps(
  script: "backup" | "restore" | "db-copy",
  args: string[],
  env: Record<string, string>,
): Promise<Outcome> {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "lib/cli", `${script}.ts`), ...args],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, out })));
}

/** The environment a command needs to act on a server's data: its place and its keys. */
export function opsEnv(
  server: TestServer,
  place: Target = { dataDir: server.dataDir, databaseUrl: server.env.DATABASE_URL ?? "" },
): Record<string, string> {
  return {
    DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl,
    AUTH_SECRET: server.env.AUTH_SECRET!,
    ENCRYPTION_KEYS: server.env.ENCRYPTION_KEYS!,
  };
}

export type Target = { dataDir: string; databaseUrl: string; drop?: () => Promise<void> };

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  await admin.query(text);
  await admin.end();
}

/** An empty DATA_DIR, and an empty PostgreSQL database when `postgres` (or TEST_DATABASE_URL) says so. */
export async function emptyTarget(postgres = Boolean(testDatabaseUrl())): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "arge-restore-"));
  if (!postgres)
    return { dataDir, databaseUrl: "", drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `arge_restore_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(testDatabaseUrl()!);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Runs `fn` on the target's database (PGlite in its DATA_DIR, or PostgreSQL) while no server has it. */
export async function withTargetDb<T>(
  target: Target,
  fn: (query: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return await fn(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(path.join(target.dataDir, "pglite"), { extensions: await pgliteExtensions() });
  try {
    return await fn(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
  } finally {
    await db.close();
  }
}

/** Stops a server with SIGTERM and waits for its process to end, keeping its data (unlike `stop`). */
export async function halt(server: TestServer): Promise<void> {
  const pid = server.pid()!;
  process.kill(pid, "SIGTERM");
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server ${pid} did not stop`);
}

/**
 * What support sees: every delivery record with its events, and the SHA-256 of every archived
 * file as downloaded (checked against the record's own hash).
 */
export async function deliveryState(session: Session, base: string): Promise<unknown[]> {
  const records: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += 500) {
    const res = await api(session, base, `/api/delivery/documents?limit=500&offset=${offset}`);
    assert.equal(res.status, 200, res.text);
    records.push(...(res.body.records as Record<string, unknown>[]));
    if (res.body.records.length < 500) break;
  }
  const state: unknown[] = [];
  for (const record of records) {
    const key = `${record.connectionId}/${encodeURIComponent(String(record.documentid))}`;
    const detail = await api(session, base, `/api/delivery/documents/${key}`);
    assert.equal(detail.status, 200, detail.text);
    let file: string | null = null;
    if (record.sha256) {
      const res = await fetch(`${base}/api/delivery/documents/${key}/file`, { headers: { Cookie: session.cookie } });
      assert.equal(res.status, 200, `${key}: archived file`);
      file = createHash("sha256")
        .update(Buffer.from(await res.arrayBuffer()))
        .digest("hex");
      assert.equal(file, record.sha256, `${key}: the archived bytes hash as recorded`);
    }
    state.push({ ...detail.body, file });
  }
  return state.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
