/**
 * Starts the built application (`npm start`: lib/cli/serve.mjs, Next's production server) on a free loopback port with
 * its own DATA_DIR and,
 * when TEST_DATABASE_URL names a PostgreSQL server, its own fresh database there (`database` chooses explicitly
 * instead).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { SERVER_NODE_ARGS } from "../../lib/cli/node-args.mjs";

export const ADMIN = { email: "admin@example.com", password: "admin-password-1" };
const ROOT = path.resolve(import.meta.dirname, "..", "..");

export type TestServer = {
  url: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  /** The server process's id (the `node lib/cli/serve.mjs` process itself; a new one after `restart`). */
  pid: () => number | undefined;
  stop: () => Promise<void>;
  /** Stops and starts the same server again (same port, data, database). */
  restart: () => Promise<void>;
  /** Kills the server at once (SIGKILL: no shutdown of any kind); `restart` starts it again. */
  crash: () => Promise<void>;
  /** Sends SIGTERM now; resolves with the exit code once the server has shut down by itself. */
  terminate: () => Promise<number | null>;
  /** Whether the server process runs (it may have been stopped, crashed or terminated). */
  running: () => boolean;
  /** One SQL statement on the running server's own database, through its test channel (lib/ops/test-hooks.ts). */
  query: <T>(text: string, params?: unknown[]) => Promise<T[]>;
  /**
   * The PDF places (lib/handoffs/print/places.ts) through the test channel: `hold` keeps granted places from starting
   * their worker until `lift`; each answers who runs (a user's id and places) and who waits, in order.
   */
  pdfPlaces: (what: "hold" | "lift" | "state") => Promise<PdfPlaces>;
  /** Ends the embedded database's thread as a fault would (the test channel); resolves with the process's exit code. */
  crashDatabase: () => Promise<number | null>;
  /**
   * Moves the server's clock (lib/process/clock.ts) forward by `ms` through the test channel: sessions, the provider
   * token cache, heartbeats, the report back-off and the retention see that much time pass, and work waiting on time
   * looks again. The time moved stays moved across `restart`. Resolves with the server's "now".
   */
  moveClock: (ms: number) => Promise<number>;
};

export type PdfPlaces = { running: Record<string, number>; waiting: string[] };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Refuses any database that is not on this machine: tests never touch a remote server. */
export function assertLoopbackDatabase(url: string): void {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    throw new Error(`TEST_DATABASE_URL must point to loopback, not ${host}`);
  }
}

export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  if (url) assertLoopbackDatabase(url);
  return url || undefined;
}

/** A new empty database on the server `adminUrl` names, and how to drop it. */
export async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `arge_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Until `child` says it listens on `url` (lib/cli/serve.mjs) and `/api/ready` answers there. The line counts only in
 * what this start printed (`since`): another test's server that holds the port answers too, until this child exits.
 */
async function waitUntilReady(url: string, child: ChildProcess, output: () => string, since: number): Promise<void> {
  // Generous: a cold start on a loaded machine (two cores shared by several test runs) takes a while.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200 && output().slice(since).includes(`arge-inbox on ${url} `)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

/**
 * Where a server keeps its data: `embedded` always on the embedded database (even with TEST_DATABASE_URL set),
 * `postgres` always
 * on a fresh database of TEST_DATABASE_URL's server (an error without one); left out, TEST_DATABASE_URL decides, as
 * every test
 * suite runs once per database that way.
 */
export type ServerDatabase = "embedded" | "postgres";

function adminUrlFor(database: ServerDatabase | undefined): string | undefined {
  const url = testDatabaseUrl();
  if (database === "postgres" && !url)
    throw new Error("a PostgreSQL server was asked for, but TEST_DATABASE_URL is not set");
  return database === "embedded" ? undefined : url;
}

export async function startServer(
  options: { env?: Record<string, string>; sandbox?: boolean; database?: ServerDatabase } = {},
): Promise<TestServer> {
  const adminUrl = adminUrlFor(options.database);
  let port = await freePort();
  // Each server its own mailbox port: tests start several servers at once.
  const smtpPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "arge-test-"));
  const database = adminUrl ? await createDatabase(adminUrl) : undefined;
  const env: Record<string, string> = {
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ENCRYPTION_KEYS: `t1:${randomBytes(32).toString("base64")}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SANDBOX: options.sandbox ? "1" : "0",
    SANDBOX_ADMIN_TOKEN: randomBytes(24).toString("base64url"),
    SANDBOX_SMTP_PORT: String(smtpPort),
    LOG_LEVEL: "info",
    // No background sync unless a test asks for it: it would use up the sandbox's counted faults.
    SYNC_INTERVAL_MINUTES: "0",
    // A test machine's disk may be nearly full: the archive's margin (1 GiB by default) is small here.
    ARCHIVE_MIN_FREE_MB: "16",
    // New password hashes at scrypt N=2^10 instead of 2^17 (honoured only under the test channel, lib/env.ts): at a few
    // hundred ms of CPU each, the suite's sign-ins and new users otherwise take much of its two cores. A test of the
    // hash itself sets it to "" (tests/integration/hardening/hardening-misc.test.ts).
    ARGE_TEST_SCRYPT_N: "1024",
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  };
  // A fresh embedded database starts as a copy of the run's template (tests/support/make-template.ts):
  // initdb and the migrations, about 6 s of CPU a server, are done once a run instead of once a server.
  const template = process.env.TEST_EMBEDDED_TEMPLATE;
  if (template && !env.DATABASE_URL && env.DATA_DIR === dataDir)
    cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
  let out = "";
  let child: ChildProcess;
  const output = () => out;
  const asked = new Map<number, { resolve: (rows: unknown[]) => void; reject: (err: Error) => void }>();
  let lastAsk = 0;
  // What the test moved the clock by: a restarted process starts with it again.
  let clockMs = 0;
  const running = () => child.exitCode === null && child.signalCode === null;
  /** One question on the test channel (lib/ops/test-hooks.ts), answered by rows. */
  const ask = <T>(message: Record<string, unknown>) =>
    new Promise<T[]>((resolve, reject) => {
      if (!running()) return reject(new Error("the server is not running"));
      const id = ++lastAsk;
      asked.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      child.send({ id, ...message });
    });

  let launches = 0;
  async function launch() {
    const since = out.length;
    // The runner counts the servers each file boots (tests/run.mjs): a line per start or restart.
    const tally = process.env.TEST_SERVER_STARTS;
    if (tally) appendFileSync(tally, launches++ === 0 ? "start\n" : "restart\n");
    // The IPC channel and ARGE_TEST_HOOKS open the server's test channel; `env` leaves the variable
    // out, since a process a test starts with it (a CLI, a second server) has no such channel.
    child = spawn(
      process.execPath,
      [...SERVER_NODE_ARGS, path.join(ROOT, "lib/cli/serve.mjs"), "-p", String(port), "-H", "127.0.0.1"],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          NODE_ENV: "production",
          ARGE_TEST_HOOKS: "1",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe", "ipc"],
        serialization: "advanced",
      },
    );
    child.on("message", (message: { id: number; rows?: unknown[]; error?: string }) => {
      const waiting = asked.get(message.id);
      asked.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.rows ?? []);
    });
    child.once("exit", () => {
      for (const waiting of asked.values()) waiting.reject(new Error("the server ended before it answered"));
      asked.clear();
    });
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    try {
      await waitUntilReady(`http://127.0.0.1:${port}`, child, output, since);
      if (clockMs > 0) await ask({ clockMs });
    } catch (err) {
      // A server that never became ready is not left running (its pipes would keep the test process alive).
      child.kill("SIGKILL");
      throw err;
    }
  }

  async function halt() {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  }

  await launch().catch(async (err: unknown) => {
    // Another process may take a free port between freePort and the server's listen (files run side
    // by side): then once more with fresh ports, unless the test chose them.
    if (!/EADDRINUSE/.test(String(err)) || options.env?.PORT || options.env?.SANDBOX_SMTP_PORT) throw err;
    port = await freePort();
    env.PORT = String(port);
    env.SANDBOX_SMTP_PORT = String(await freePort());
    out = "";
    await launch();
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    env,
    output,
    pid: () => child.pid,
    running,
    query: <T>(text: string, params: unknown[] = []) => ask<T>({ sql: text, params }),
    pdfPlaces: async (what: "hold" | "lift" | "state") => (await ask<PdfPlaces>({ pdfPlaces: what }))[0]!,
    moveClock: async (ms: number) => {
      const [moved] = await ask<{ now: number }>({ clockMs: ms });
      clockMs += ms;
      return moved!.now;
    },
    crashDatabase: () => {
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.send({ id: ++lastAsk, crash: "database" });
      return exited;
    },
    restart: async () => {
      await halt();
      await launch();
    },
    terminate: () => {
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      return exited;
    },
    crash: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      await halt();
      await database?.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
