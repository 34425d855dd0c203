import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { onFinish } from "@/lib/process/lifecycle";
import { OpsError } from "./manifest";

/**
 * Who uses the embedded database in DATA_DIR: PGlite is one process's, so a backup command asks a live server
 * (DATA_DIR/ops.json) for the snapshot, or holds DATA_DIR/ops.lock while it opens the database itself (README.md,
 * "Backups"). Each side writes its own file before it looks for the other's, so of two starting at once at least one
 * sees the other.
 */

type Announcement = { pid: number; port: number; token: string };

const opsFile = (dataDir: string) => path.join(dataDir, "ops.json");
const lockFile = (dataDir: string) => path.join(dataDir, "ops.lock");
const globalForOps = globalThis as unknown as { argeOpsToken?: string };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/**
 * Called by the server before it opens the embedded database: announces it, or refuses while a command holds DATA_DIR.
 */
export function claimDataDir(dataDir: string, port: number): void {
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString("base64url");
  writeFileSync(opsFile(dataDir), JSON.stringify({ pid: process.pid, port, token } satisfies Announcement), {
    mode: 0o600,
  });
  const lock = readJson<{ pid: number }>(lockFile(dataDir));
  if (lock && alive(lock.pid) && lock.pid !== process.pid) {
    rmSync(opsFile(dataDir), { force: true });
    throw new OpsError(
      `DATA_DIR wird gerade von einem Befehl benutzt (pid ${lock.pid}: Sicherung, Wiederherstellung oder Kopie)`,
      `DATA_DIR is in use by a command (pid ${lock.pid}: backup, restore or copy)`,
    );
  }
  globalForOps.argeOpsToken = token;
  // A clean shutdown takes the announcement back (after a crash the commands find its pid dead).
  onFinish(async () => {
    if (readJson<Announcement>(opsFile(dataDir))?.pid === process.pid) rmSync(opsFile(dataDir), { force: true });
  });
}

/** Whether a request carries this server's token (compared in constant time). */
export function isOpsToken(authorization: string | null): boolean {
  const token = globalForOps.argeOpsToken;
  if (!token || !authorization?.startsWith("Bearer ")) return false;
  const given = Buffer.from(authorization.slice(7));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type Hold = { server?: { port: number; token: string }; release: () => void };

/**
 * Taken by a command before it touches the embedded database: the lock, and the running server
 * if there is one (then the lock is given back at once: the server holds the database).
 */
export function holdDataDir(dataDir: string): Hold {
  mkdirSync(dataDir, { recursive: true });
  const held = readJson<{ pid: number }>(lockFile(dataDir));
  if (held && alive(held.pid)) {
    throw new OpsError(
      `DATA_DIR wird schon von pid ${held.pid} benutzt`,
      `DATA_DIR is already in use by pid ${held.pid}`,
    );
  }
  writeFileSync(lockFile(dataDir), JSON.stringify({ pid: process.pid }), { mode: 0o600 });
  const release = () => rmSync(lockFile(dataDir), { force: true });
  const server = readJson<Announcement>(opsFile(dataDir));
  if (server && alive(server.pid)) {
    release();
    return { server: { port: server.port, token: server.token }, release: () => undefined };
  }
  return { release };
}
