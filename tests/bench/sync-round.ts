/**
 * One round of the background sync of many connections over two instances on one PostgreSQL
 * database (docs/scale.md, "The sync of many connections"), run by hand:
 *
 *   source /work/pg/env.sh && node --import tsx tests/bench/sync-round.ts [connections documents intervalMinutes]
 *
 * (defaults 200 connections of 5,000 documents, a 5-minute interval). Each connection has its own
 * alt test provider (a user may have one connection per account), all listing the same documents
 * with LATENCY_MS per list and count request. The connections are added with the scheduler off;
 * then instance A is restarted with SYNC_INTERVAL_MINUTES set and instance B started on the same
 * database with the same keys, and the round runs until every connection has been synced once.
 * While it runs, the leases are read every POLL_MS: who held which connection's lease (an instance,
 * by its id) and when. Afterwards the recorded sync events (audit_events), the walks each provider
 * saw (two counts per walk) and the leases show whether any connection was synced twice.
 * Writes bench/sync-round.json (not committed). Loopback only; every loop is bounded.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import { startAltProvider, type AltProvider } from "../support/alt-provider";
import { startServer, testDatabaseUrl, type TestServer } from "../support/server";
import { addConnection, altDocuments, LATENCY_MS, signInAdmin, withServers } from "./rig";

const [CONNECTIONS = 200, DOCUMENTS = 5000, INTERVAL_MINUTES = 5] = process.argv.slice(2).map(Number);
const POLL_MS = 50;
/** The round is given up after this long (a flaw may keep it from ending). */
const ROUND_LIMIT_MS = (3 * INTERVAL_MINUTES + 5) * 60_000;
const OUT = path.resolve(import.meta.dirname, "..", "..", "bench");

type Held = { connection: string; owner: string; firstMs: number; lastMs: number };
/** When each connection was first due, in ms since the round began (its first `next_at` seen). */
type Due = Map<string, number>;

const load = () => loadavg().map((x) => Math.round(x * 100) / 100);

/** Reads the leases every POLL_MS until every connection's last sync ended after `since`. */
async function watchRound(client: pg.Client, since: Date, started: number, startedAt: number) {
  const held = new Map<string, Held>();
  const due: Due = new Map();
  const concurrent: Record<string, number> = {};
  for (let polls = 0; performance.now() - started < ROUND_LIMIT_MS && polls < ROUND_LIMIT_MS / POLL_MS; polls++) {
    const now = performance.now() - started;
    const { rows } = await client.query<{
      connection_id: string;
      lease_owner: string | null;
      done: boolean;
      next_ms: number | null;
    }>(
      `SELECT connection_id, lease_owner, last_at >= $1 AS done, extract(epoch FROM next_at) * 1000 AS next_ms FROM delivery_sync`,
      [since],
    );
    for (const r of rows)
      if (!due.has(r.connection_id) && r.next_ms !== null) due.set(r.connection_id, Number(r.next_ms) - startedAt);
    const perInstance: Record<string, number> = {};
    for (const r of rows) {
      if (!r.lease_owner) continue;
      const key = `${r.connection_id} ${r.lease_owner}`;
      const h = held.get(key) ?? { connection: r.connection_id, owner: r.lease_owner, firstMs: now, lastMs: now };
      h.lastMs = now;
      held.set(key, h);
      const instance = r.lease_owner.slice(0, r.lease_owner.lastIndexOf(":"));
      perInstance[instance] = (perInstance[instance] ?? 0) + 1;
    }
    for (const [i, n] of Object.entries(perInstance)) concurrent[i] = Math.max(concurrent[i] ?? 0, n);
    if (rows.length === CONNECTIONS && rows.every((r) => r.done))
      return { held: [...held.values()], due, concurrent, complete: true };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return { held: [...held.values()], due, concurrent, complete: false };
}

/** The median of the defined values, to a tenth of a second; `null` for none. */
function median(values: (number | undefined)[]): number | null {
  const sorted = values.filter((v): v is number => v !== undefined).sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10 : null;
}

function byConnection(held: Held[]): Map<string, Held[]> {
  const groups = new Map<string, Held[]>();
  for (const h of held) groups.set(h.connection, [...(groups.get(h.connection) ?? []), h]);
  return groups;
}

/** Syncs that overlapped in time on one connection (two lease holders seen at once). */
function overlaps(held: Held[]): number {
  let n = 0;
  for (const list of byConnection(held).values())
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++)
        if (list[i]!.firstMs <= list[j]!.lastMs && list[j]!.firstMs <= list[i]!.lastMs) n++;
  return n;
}

async function report(
  client: pg.Client,
  since: Date,
  watched: Awaited<ReturnType<typeof watchRound>>,
  providers: AltProvider[],
  instances: Record<string, string>,
) {
  const { rows: ends } = await client.query<{ connection_id: string; end_s: number }>(
    `SELECT connection_id, extract(epoch FROM last_at - $1) AS end_s FROM delivery_sync ORDER BY last_at`,
    [since],
  );
  const { rows: events } = await client.query<{ n: number; ok: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE detail->>'ok' = 'true')::int AS ok FROM audit_events WHERE kind = 'sync' AND at >= $1 GROUP BY connection_id`,
    [since],
  );
  const walks = providers.map((p) => p.counters.requests.filter((r) => r.path.endsWith("/count")).length / 2);
  const instanceOf = (owner: string) => instances[owner.slice(0, owner.lastIndexOf(":"))] ?? "other";
  const byInstance: Record<string, number> = {};
  for (const h of watched.held) byInstance[instanceOf(h.owner)] = (byInstance[instanceOf(h.owner)] ?? 0) + 1;
  // When the syncs started, by tenth of the interval: a round spread over the interval, or bursts.
  const tenth = (INTERVAL_MINUTES * 60_000) / 10;
  const startsByTenth: number[] = [];
  for (const h of watched.held)
    startsByTenth[Math.floor(h.firstMs / tenth)] = (startsByTenth[Math.floor(h.firstMs / tenth)] ?? 0) + 1;
  // When they were due, and per tenth of their start how long after that and how long they took:
  // starts late after their time mean the slots were busy or idle waiting for a look.
  const dueByTenth: number[] = [];
  for (const ms of watched.due.values())
    dueByTenth[Math.floor(ms / tenth)] = (dueByTenth[Math.floor(ms / tenth)] ?? 0) + 1;
  const perTenth = (value: (h: Held) => number | undefined) =>
    Array.from({ length: startsByTenth.length }, (_, t) =>
      median(watched.held.filter((h) => Math.floor(h.firstMs / tenth) === t).map(value)),
    );
  const lateSecondsByTenth = perTenth((h) =>
    watched.due.has(h.connection) ? (h.firstMs - watched.due.get(h.connection)!) / 1000 : undefined,
  );
  const syncSecondsByTenth = perTenth((h) => (h.lastMs - h.firstMs) / 1000);
  const durations = watched.held.map((h) => h.lastMs - h.firstMs).sort((a, b) => a - b);
  const endS = ends.map((e) => Number(e.end_s));
  return {
    complete: watched.complete,
    roundSeconds: Math.round(Math.max(...endS)),
    firstEndSeconds: Math.round(Math.min(...endS)),
    syncsSeenByInstance: byInstance,
    mostAtOnceByInstance: Object.fromEntries(
      Object.entries(watched.concurrent).map(([id, n]) => [instances[id] ?? id, n]),
    ),
    syncStartsByTenthOfInterval: Array.from(startsByTenth, (n) => n ?? 0),
    firstDueByTenthOfInterval: Array.from(dueByTenth, (n) => n ?? 0),
    medianSecondsLateByTenthOfStart: lateSecondsByTenth,
    medianSyncSecondsByTenthOfStart: syncSecondsByTenth,
    syncSecondsMedian: Math.round(durations[Math.floor(durations.length / 2)] ?? 0) / 1000,
    syncSecondsMax: Math.round(durations.at(-1) ?? 0) / 1000,
    leaseHoldersPerConnection: {
      connections: byConnection(watched.held).size,
      max: Math.max(...[...byConnection(watched.held).values()].map((l) => l.length)),
    },
    overlappingSyncsOfOneConnection: overlaps(watched.held),
    syncEventsPerConnection: {
      connections: events.length,
      min: Math.min(...events.map((e) => e.n)),
      max: Math.max(...events.map((e) => e.n)),
      failed: events.reduce((s, e) => s + e.n - e.ok, 0),
    },
    walksPerProvider: { min: Math.min(...walks), max: Math.max(...walks) },
  };
}

async function main() {
  if (!testDatabaseUrl()) throw new Error("TEST_DATABASE_URL is not set (source /work/pg/env.sh)");
  const documents = altDocuments(DOCUMENTS);
  const providers: AltProvider[] = [];
  try {
    for (let i = 0; i < CONNECTIONS; i++) {
      const p = await startAltProvider();
      p.documents = documents;
      p.modes.pageSize = 0;
      p.modes.latencyMs = LATENCY_MS;
      providers.push(p);
    }
    const allow = providers.map((p) => p.origin).join(",");
    await withServers([{ database: "postgres", env: { PROVIDER_URL_ALLOWLIST: allow } }], async ([a]) => {
      const rig = { server: a!, session: await signInAdmin(a!) };
      for (const [i, p] of providers.entries()) await addConnection(rig, p.uviBase, p.basic, `round-${i}`);
      for (const p of providers) p.counters.requests = [];
      const client = new pg.Client({ connectionString: a!.env.DATABASE_URL });
      await client.connect();
      let b: TestServer | undefined;
      try {
        const since = new Date();
        const started = performance.now();
        const startedAt = Date.now();
        const loadBefore = load();
        // The same database and keys for both; A now with the background sync (restart keeps its env object).
        a!.env.SYNC_INTERVAL_MINUTES = String(INTERVAL_MINUTES);
        a!.env.LOG_LEVEL = "warn";
        await a!.restart();
        const shared = {
          DATABASE_URL: a!.env.DATABASE_URL!,
          AUTH_SECRET: a!.env.AUTH_SECRET!,
          ENCRYPTION_KEYS: a!.env.ENCRYPTION_KEYS!,
        };
        b = await startServer({
          database: "embedded",
          env: {
            ...shared,
            PROVIDER_URL_ALLOWLIST: allow,
            SYNC_INTERVAL_MINUTES: String(INTERVAL_MINUTES),
            LOG_LEVEL: "warn",
          },
        });
        const watched = await watchRound(client, since, started, startedAt);
        const { rows: inst } = await client.query<{ id: string; pid: number }>(`SELECT id, pid FROM app_instances`);
        const instances = Object.fromEntries(
          inst.map((r) => [r.id, r.pid === a!.pid() ? "A" : r.pid === b!.pid() ? "B" : `ended pid ${r.pid}`]),
        );
        const result = {
          at: new Date().toISOString(),
          setup: {
            connections: CONNECTIONS,
            documents: DOCUMENTS,
            intervalMinutes: INTERVAL_MINUTES,
            instances: 2,
            latencyMs: LATENCY_MS,
            syncConcurrency: "default",
          },
          loadBefore,
          loadAfter: load(),
          ...(await report(client, since, watched, providers, instances)),
        };
        console.log(JSON.stringify(result, null, 2));
        mkdirSync(OUT, { recursive: true });
        writeFileSync(path.join(OUT, "sync-round.json"), JSON.stringify(result, null, 2));
      } finally {
        await client.end();
        await b?.stop().catch(() => undefined);
      }
    });
  } finally {
    await Promise.all(providers.map((p) => p.close()));
  }
}

await main();
