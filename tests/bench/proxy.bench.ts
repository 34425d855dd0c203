/**
 * Proxy figures of contracts/BENCH.md against the alt test provider on loopback. Every loop is
 * bounded. `npm run bench -- proxy.` runs them.
 */
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerDatabase } from "../support/server";
import { api } from "../support/session";
import { memoryAtPeak } from "./probe";
import { basicAuth, MB, median, medians, prepare, provider, timeIt, viaServer, withRig, type Rig } from "./proxy-rig";
import type { Figure } from "./types";

async function listRatio(r: Rig, latencyMs: number): Promise<{ ratio: number; proxyMs: number; directMs: number }> {
  prepare(r.alt, latencyMs);
  const [directMs, proxyMs] = await medians([
    provider(r, "?offset=400&limit=100"),
    viaServer(r, `/api/connections/${r.basicId}/documents?offset=400&limit=100`),
  ]);
  return { ratio: proxyMs! / directMs!, proxyMs: proxyMs!, directMs: directMs! };
}

/**
 * What the proxy's added time at zero latency is made of: a route of the server that reads
 * nothing (`/api/health`: Next.js and the wrapper), one that reads only the session (`/api/me`), the count through the
 * same connection route as the list (session and connection,
 * the provider's answer of a number), and the list (the same plus a page of 100 checked and
 * passed on, and its index write after the answer).
 */
async function listParts(r: Rig) {
  prepare(r.alt, 0);
  const page = "?offset=400&limit=100";
  const [health, me, directCount, count, directList, list] = await medians([
    viaServer(r, "/api/health"),
    viaServer(r, "/api/me"),
    provider(r, "/count"),
    viaServer(r, `/api/connections/${r.basicId}/documents/count`),
    provider(r, page),
    viaServer(r, `/api/connections/${r.basicId}/documents${page}`),
  ]);
  const ms = (x: number) => Number(x.toFixed(1));
  return {
    emptyRouteMs: ms(health!),
    sessionRouteMs: ms(me!),
    countAddedMs: ms(count! - directCount!),
    listAddedMs: ms(list! - directList!),
  };
}

/** VmRSS of the server process the bench started (Linux /proc); undefined where unreadable. */
function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function download(url: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, { headers });
  let n = 0;
  const reader = res.body!.getReader();
  for (let c = await reader.read(); !c.done; c = await reader.read()) n += c.value.length;
  return n;
}

type Throughput = {
  proxyMBps: number;
  directMBps: number;
  bareRelayMBps: number;
  bareRelayVsDirect: number;
  reps: number;
};

const DATA_REPS = 9;

/** 25 MB downloaded directly, through /data and through the bare relay, in alternation. */
async function measureThroughput(database: ServerDatabase): Promise<Throughput> {
  const result = await withRig(async (r) => {
    prepare(r.alt, 0);
    r.alt.modes.dataBytes = 25 * MB;
    const auth = basicAuth(r.alt);
    const fileUrl = `${r.alt.uviBase}/documents/v1/documents/out/b-uvi-0/data`;
    const relay = fork(path.join(import.meta.dirname, "bare-relay.ts"), [fileUrl, auth], {
      execArgv: ["--import", "tsx"],
      stdio: "ignore",
    });
    try {
      const { port } = await new Promise<{ port: number }>((resolve, reject) => {
        relay.once("message", (m) => resolve(m as { port: number }));
        relay.once("exit", (code) => reject(new Error(`bare relay exited with ${code}`)));
      });
      const sizeOf = (expected: number) => (n: number) => {
        if (n !== expected) throw new Error(`incomplete download: ${n} of ${expected} bytes`);
      };
      const direct = () => download(fileUrl, { authorization: auth }).then(sizeOf(25 * MB));
      const proxy = () =>
        download(`${r.server.url}/api/connections/${r.basicId}/documents/b-uvi-0/data`, {
          cookie: r.session.cookie,
        }).then(sizeOf(25 * MB));
      const bare = () => download(`http://127.0.0.1:${port}/`, {}).then(sizeOf(25 * MB));
      await direct();
      await proxy();
      await bare();
      const d: number[] = [];
      const p: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < DATA_REPS; i++) {
        d.push(await timeIt(direct));
        p.push(await timeIt(proxy));
        b.push(await timeIt(bare));
      }
      const mbps = (ms: number) => 25 / (ms / 1000);
      const t = { proxyMBps: mbps(median(p)), directMBps: mbps(median(d)), bareRelayMBps: mbps(median(b)) };
      return {
        value: 0,
        info: { ...t, bareRelayVsDirect: Number((t.bareRelayMBps / t.directMBps).toFixed(2)), reps: DATA_REPS },
      };
    } finally {
      relay.disconnect();
      relay.kill();
    }
  }, database);
  return result.info as Throughput;
}

/** One measurement per database serves all throughput figures of a run. */
const throughput = new Map<ServerDatabase, Promise<Throughput>>();
const dataThroughput = (database: ServerDatabase = "embedded") => {
  if (!throughput.has(database)) throughput.set(database, measureThroughput(database));
  return throughput.get(database)!;
};

/**
 * RSS growth while 4 clients download the same 25 MB at once through /data; the server carries
 * the event-loop probe, so the info says where the growth was at the peak (V8's heap in use and
 * as reserved, memory outside it, array buffers among that).
 */
const rssGrowth = (database: ServerDatabase) => {
  const dir = mkdtempSync(path.join(tmpdir(), "arge-rss-"));
  const probe = path.join(dir, "probe.ndjson");
  const env = {
    NODE_OPTIONS: `--import ${path.join(import.meta.dirname, "event-loop-probe.mjs")}`,
    ARGE_PROBE_FILE: probe,
  };
  return withRig(
    async (r) => {
      prepare(r.alt, 0);
      r.alt.modes.dataBytes = 25 * MB;
      const url = `${r.server.url}/api/connections/${r.basicId}/documents/b-uvi-0/data`;
      await download(url, { cookie: r.session.cookie });
      const pid = r.server.pid();
      const before = rssOf(pid);
      if (before === undefined) return { value: null, reason: "server process RSS not readable (/proc)" };
      let peak = before;
      const from = Date.now();
      const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid) ?? 0)), 25);
      const sizes = await Promise.all(Array.from({ length: 4 }, () => download(url, { cookie: r.session.cookie })));
      clearInterval(timer);
      if (sizes.some((s) => s !== 25 * MB)) return { value: null, reason: `incomplete downloads: ${sizes.join(",")}` };
      const atPeak = memoryAtPeak(probe, from, Date.now());
      return {
        value: Number(((peak - before) / MB).toFixed(1)),
        info: { pid, beforeMb: before / MB, peakMb: peak / MB, growthAtProbePeak: atPeak },
      };
    },
    database,
    env,
  ).finally(() => rmSync(dir, { recursive: true, force: true }));
};

/**
 * The two figures of /data's memory and throughput on one database: the embedded one (archive on
 * disk) or PostgreSQL's (`.postgres`, archive in the database), each against its own goal.
 */
function dataFigures(database: ServerDatabase, goals: { rss: string; throughput: string }, archive: string): Figure[] {
  const suffix = database === "postgres" ? ".postgres" : "";
  return [
    {
      name: `proxy.data_25mb_rss_growth_mb${suffix}`,
      unit: "mb",
      goal: goals.rss,
      baseline: "server RSS before the downloads",
      run: () => rssGrowth(database),
    },
    {
      name: `proxy.data_25mb_throughput_vs_bare_relay${suffix}`,
      unit: "ratio",
      goal: goals.throughput,
      baseline: `bytes/s of the same 25 MB through a minimal node:http + undici relay in its own process (tests/bench/bare-relay.ts), downloads in alternation, same run; /data archives on the way (SHA-256 and ${archive})`,
      run: async () => {
        const t = await dataThroughput(database);
        return { value: Number((t.proxyMBps / t.bareRelayMBps).toFixed(2)), info: t };
      },
    },
  ];
}

export const figures: Figure[] = [
  {
    name: "proxy.list_vs_direct",
    unit: "ratio",
    goal: "<= 1.15",
    baseline:
      "direct provider call, same page (limit 100, offset 400 of 1000), same run; provider latency 50 ms (as for the sync and confirm figures)",
    run: () =>
      withRig(async (r) => {
        const real = await listRatio(r, 50);
        const near = await listRatio(r, 20);
        const bare = await listRatio(r, 0);
        const parts = await listParts(r);
        return {
          value: Number(real.ratio.toFixed(2)),
          info: {
            proxyMs: real.proxyMs,
            directMs: real.directMs,
            addedMs: real.proxyMs - real.directMs,
            ratioAt20ms: Number(near.ratio.toFixed(2)),
            addedMsAt20ms: near.proxyMs - near.directMs,
            ratioAtZeroLatency: Number(bare.ratio.toFixed(2)),
            addedMsAtZeroLatency: bare.proxyMs - bare.directMs,
            partsAtZeroLatency: parts,
          },
        };
      }),
  },
  ...dataFigures("embedded", { rss: "< 40", throughput: ">= 0.9" }, "disk"),
  {
    name: "proxy.data_25mb_throughput_vs_direct",
    unit: "ratio",
    goal: "report",
    baseline:
      "bytes/s downloading the same 25 MB directly from the provider (on 2 cores the client, the provider and any relay share the CPU)",
    run: async () => {
      const t = await dataThroughput();
      return { value: Number((t.proxyMBps / t.directMBps).toFixed(2)), info: t };
    },
  },
  {
    name: "proxy.token_requests_100_parallel",
    unit: "count",
    goal: "= 1",
    baseline: "100 parallel list calls through the proxy on a fresh client-credentials connection",
    run: () =>
      withRig(async (r) => {
        prepare(r.alt, 0);
        const res = await api(r.session, r.server.url, "/api/connections", {
          method: "POST",
          json: {
            name: "bench-oauth",
            service: "uvi",
            baseUrl: r.alt.uviBase,
            authUrl: r.alt.origin,
            auth: { type: "client_credentials", ...r.alt.oauth },
          },
        });
        const id = res.body.id as string;
        const statuses = await Promise.all(
          Array.from({ length: 100 }, () =>
            fetch(`${r.server.url}/api/connections/${id}/documents?limit=100`, {
              headers: { cookie: r.session.cookie },
            }).then(async (x) => (await x.arrayBuffer(), x.status)),
          ),
        );
        if (statuses.some((s) => s !== 200))
          return { value: null, reason: `not every call succeeded: ${[...new Set(statuses)].join(",")}` };
        return { value: r.alt.counters.tokenRequests };
      }),
  },
  ...dataFigures("postgres", { rss: "< 40", throughput: ">= 0.8" }, "the database, in chunks"),
];
