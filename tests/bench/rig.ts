/**
 * Shared pieces of the delivery benchmarks (inbox, sync, confirm): servers started and always
 * stopped, the sandbox's control API, sign-in, connections and NDJSON runs. Loopback only; every
 * loop is bounded.
 */
import type { AltDocument } from "../support/alt-provider";
import { ADMIN, startServer, type ServerDatabase, type TestServer } from "../support/server";
import { api, mustSignIn, type Session } from "../support/session";

/** The provider latency of the sync and confirmation figures (BENCH.md: 50 ms per request). */
export const LATENCY_MS = 50;

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const round = (x: number, digits = 2) => Number(x.toFixed(digits));

/**
 * The database a figure runs on (BENCH.md, "Which database"): a name ending in `_postgres` or
 * `.postgres` on TEST_DATABASE_URL's server, every other figure on the embedded database, so that
 * a PostgreSQL within reach never moves them and they stay comparable from run to run.
 */
export const databaseOf = (figure: string): ServerDatabase => (/[._]postgres$/.test(figure) ? "postgres" : "embedded");

/**
 * Starts servers, hands them to `measure`, and stops every one of them whatever happens. A server
 * runs on the embedded database unless its options name another (`databaseOf` the figure's name).
 */
export async function withServers<T>(
  options: Parameters<typeof startServer>[0][],
  measure: (servers: TestServer[]) => Promise<T>,
): Promise<T> {
  const started: TestServer[] = [];
  try {
    for (const o of options)
      started.push(
        await startServer({
          database: "embedded",
          ...o,
          env: { LOG_LEVEL: "warn", SYNC_INTERVAL_MINUTES: "0", ...o?.env },
        }),
      );
    return await measure(started);
  } finally {
    await Promise.all(started.map((s) => s.stop().catch(() => undefined)));
  }
}

export const BENCH_CLIENT = {
  id: "bench",
  services: ["uvi"],
  basic: { username: "bench", password: "bench-secret-123" },
  customers: ["4711"],
};

/** A call of the sandbox's control API that must succeed. */
export async function control(server: TestServer, method: string, path: string, json?: unknown) {
  const res = await api(null, server.url, `/sandbox/api${path}`, {
    method,
    json,
    headers: { Authorization: `Bearer ${server.env.SANDBOX_ADMIN_TOKEN}` },
  });
  if (res.status >= 300) throw new Error(`${method} /sandbox/api${path}: ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

export async function putState(
  server: TestServer,
  documents: unknown[],
  settings: Record<string, unknown> = {},
): Promise<number> {
  const started = performance.now();
  await control(server, "PUT", "/state", { settings, clients: [BENCH_CLIENT], documents });
  return performance.now() - started;
}

const lastDay = (ym: string) => new Date(Date.UTC(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)), 0)).getUTCDate();

/** A sandbox UVI document of usage unit `msc` for month `ym` (YYYY-MM). */
export function uviDoc(id: string, msc: string, ym: string, content: unknown = { generate: "uvi-pdf" }) {
  return {
    service: "uvi",
    customer: BENCH_CLIENT.customers[0],
    documentid: id,
    filename: `UVI_${ym}_${msc}.pdf`,
    doctype: "UVI-E",
    mimetype: "application/pdf",
    propertymanagement: "HV-7",
    metadata: [
      {
        reftype: "resident",
        mscnumber: msc,
        pmnumber: `HV-7-${msc.slice(-3)}`,
        from: `${ym}-01`,
        to: `${ym}-${lastDay(ym)}`,
      },
    ],
    content,
  };
}

/** The twelve months from 2025-11 to 2026-10. */
export const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2025, 10 + i, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
});

/** `n` UVI documents for the alt test provider: units of twelve months each, ids `s-0`, `s-1`, ... */
export function altDocuments(n: number): AltDocument[] {
  const units = Math.ceil(n / MONTHS.length);
  return Array.from({ length: n }, (_, i) => {
    const ym = MONTHS[Math.floor(i / units)]!;
    const { documentid, filename, doctype, mimetype, propertymanagement, metadata } = uviDoc(
      `s-${i}`,
      String(20_000_000 + (i % units)),
      ym,
    );
    return { service: "uvi" as const, documentid, filename, doctype, mimetype, propertymanagement, metadata };
  });
}

export type AppRig = { server: TestServer; session: Session };

export async function signInAdmin(server: TestServer): Promise<Session> {
  return mustSignIn(server.url, ADMIN.email, ADMIN.password);
}

/** A connection as POST /api/connections takes it; its id. */
export async function postConnection(rig: AppRig, json: Record<string, unknown>): Promise<string> {
  const res = await api(rig.session, rig.server.url, "/api/connections", { method: "POST", json });
  if (res.status !== 201) throw new Error(`POST /api/connections: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body.id as string;
}

/** A UVI connection with basic auth; `baseUrl` is the provider's UVI base (…/arge). */
export const addConnection = (
  rig: AppRig,
  baseUrl: string,
  basic: { username: string; password: string },
  name = "bench",
) => postConnection(rig, { name, service: "uvi", baseUrl, auth: { type: "basic", ...basic } });

export async function deleteConnection(rig: AppRig, id: string): Promise<void> {
  const res = await api(rig.session, rig.server.url, `/api/connections/${id}`, { method: "DELETE" });
  if (res.status !== 204) throw new Error(`DELETE connection: ${res.status} ${res.text.slice(0, 300)}`);
}

/** POSTs and reads a whole NDJSON answer; the last line must be the done line without error. */
export async function ndjsonRun(
  rig: AppRig,
  path: string,
  json?: unknown,
): Promise<{ lines: Record<string, unknown>[]; done: Record<string, unknown> }> {
  const res = await fetch(`${rig.server.url}${path}`, {
    method: "POST",
    headers: { Cookie: rig.session.cookie, ...(json !== undefined ? { "Content-Type": "application/json" } : {}) },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${text.slice(0, 300)}`);
  const lines = text
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const done = lines.at(-1);
  if (!done || done.done !== true || done.error !== undefined)
    throw new Error(`POST ${path} did not end well: ${text.slice(-300)}`);
  return { lines, done };
}

export const sync = (rig: AppRig, connection: string) => ndjsonRun(rig, `/api/connections/${connection}/sync`);

/**
 * `documents` put into the server's sandbox, the admin's connection to it added and synced: every
 * document must be indexed open. The filling's and the sync's times, for a figure's information.
 */
export async function syncedSandbox(server: TestServer, documents: unknown[]) {
  const fillMs = await putState(server, documents);
  const rig: AppRig = { server, session: await signInAdmin(server) };
  const connection = await addConnection(rig, `${server.url}/arge`, BENCH_CLIENT.basic);
  const started = performance.now();
  const { done } = await sync(rig, connection);
  const syncMs = performance.now() - started;
  if (done.open !== documents.length)
    throw new Error(`sync of ${documents.length} documents indexed ${String(done.open)} open`);
  return { rig, connection, fillMs, syncMs };
}

/**
 * The same measurement on a small and a large side, in alternation (machine noise falls on both
 * alike), `warmup` rounds first; the medians and their ratio, large to small.
 */
export async function alternating(
  small: () => Promise<number>,
  large: () => Promise<number>,
  { warmup, reps }: { warmup: number; reps: number },
) {
  const s: number[] = [];
  const l: number[] = [];
  for (let i = 0; i < warmup + reps; i++) {
    const a = await small();
    const b = await large();
    if (i >= warmup) {
      s.push(a);
      l.push(b);
    }
  }
  return { ratio: median(l) / median(s), smallMs: median(s), largeMs: median(l) };
}

/** Milliseconds of one call. */
export async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}
