/**
 * Confirmation figures of contracts/BENCH.md (the sync figures are in sync.bench.ts), over
 * loopback only, every server stopped afterwards, every loop bounded: the sandbox provider on its
 * own server (50 ms delay rules on data and status), the app on another, as a remote provider
 * would be.
 */
import { cpuSeconds } from "../support/memory";
import type { TestServer } from "../support/server";
import { api } from "../support/session";
import {
  addConnection,
  BENCH_CLIENT,
  control,
  LATENCY_MS,
  median,
  MONTHS,
  ndjsonRun,
  putState,
  round,
  signInAdmin,
  sync,
  uviDoc,
  withServers,
  type AppRig,
} from "./rig";
import type { Figure } from "./types";

const UVI_OUT = "/arge/documents/v1/documents/out";

// ---------------------------------------------------------------- confirm

/** Small, distinct PDF-like bytes per document (generated PDFs would load the provider's CPU). */
const bytesOf = (id: string) =>
  Buffer.concat([Buffer.from(`%PDF-1.4\n% ${id}\n`), Buffer.alloc(8 * 1024, `${id} `)]).toString("base64");

function confirmDocuments(prefix: string, n: number) {
  return Array.from({ length: n }, (_, i) =>
    uviDoc(`${prefix}-${i}`, String(30_000_000 + i), MONTHS[i % MONTHS.length]!, { base64: bytesOf(`${prefix}-${i}`) }),
  );
}

const delays = [
  { method: "GET", path: `${UVI_OUT}/*/data`, delayMs: LATENCY_MS },
  { method: "PUT", path: `${UVI_OUT}/*/status`, delayMs: LATENCY_MS },
];

/** The sandbox as a remote provider (its own server) and the app with a synced connection to it. */
async function withConfirmRig<T>(
  documents: unknown[],
  measure: (rig: AppRig, provider: TestServer, connection: string) => Promise<T>,
): Promise<T> {
  return withServers([{ sandbox: true }], async ([provider]) => {
    await putState(provider!, documents);
    return withServers([{ env: { PROVIDER_URL_ALLOWLIST: provider!.url } }], async ([server]) => {
      const rig = { server: server!, session: await signInAdmin(server!) };
      const connection = await addConnection(rig, `${provider!.url}/arge`, BENCH_CLIENT.basic);
      await sync(rig, connection);
      return measure(rig, provider!, connection);
    });
  });
}

const BULK = 1000;
const SEQUENTIAL = 100;

async function bulk(rig: AppRig, connection: string, ids: string[]) {
  const { lines, done } = await ndjsonRun(rig, `/api/connections/${connection}/confirmations`, { documentids: ids });
  return { results: lines.slice(0, -1), done };
}

async function speedupFigure() {
  const docs = [...confirmDocuments("b", BULK), ...confirmDocuments("q", SEQUENTIAL)];
  return withConfirmRig(docs, async (rig, provider, connection) => {
    await control(provider, "PUT", "/faults", delays);
    // One after another through the app: half before the bulk run, half after (noise on both sides).
    const one = async (id: string) => {
      const res = await api(rig.session, rig.server.url, `/api/connections/${connection}/documents/${id}/status`, {
        method: "PUT",
      });
      if (res.status !== 200 || res.body.state !== "confirmed")
        throw new Error(`PUT status ${id}: ${res.status} ${res.text.slice(0, 200)}`);
    };
    const sequential: number[] = [];
    const runSequential = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const t = performance.now();
        await one(`q-${i}`);
        sequential.push(performance.now() - t);
      }
    };
    await runSequential(0, SEQUENTIAL / 2);
    // Whose CPU the bulk run used (a share of one core each): the app's process (with the embedded
    // database on its thread) and the provider's; the bench's own client takes the rest.
    const pids = { app: rig.server.pid()!, provider: provider.pid()! };
    const cpuBefore = { app: cpuSeconds(pids.app), provider: cpuSeconds(pids.provider) };
    const started = performance.now();
    const { done } = await bulk(
      rig,
      connection,
      Array.from({ length: BULK }, (_, i) => `b-${i}`),
    );
    const bulkMs = performance.now() - started;
    const cpuShare = (who: keyof typeof pids) => round((cpuSeconds(pids[who]) - cpuBefore[who]) / (bulkMs / 1000));
    await runSequential(SEQUENTIAL / 2, SEQUENTIAL);
    if (done.confirmed !== BULK)
      throw new Error(`bulk confirmed ${String(done.confirmed)} of ${BULK}: ${JSON.stringify(done)}`);
    const perDocument = sequential.reduce((a, b) => a + b, 0) / sequential.length;
    return {
      value: round((perDocument * BULK) / bulkMs),
      info: {
        bulkMs: Math.round(bulkMs),
        sequentialMsPerDocument: round(perDocument),
        sequentialMedianMs: round(median(sequential)),
        sequentialExtrapolatedMs: Math.round(perDocument * BULK),
        sequentialMeasured: SEQUENTIAL,
        bulkCpuCores: { app: cpuShare("app"), provider: cpuShare("provider") },
      },
    };
  });
}

// ---------------------------------------------------------------- lost or doubled

type Logged = { at: string; method: string; path: string; status: number };

/** Reads the requests log (the last 1000) again and again; keeps every PUT; notes a possible gap. */
function watchPuts(provider: TestServer) {
  const puts = new Map<string, Logged>();
  let last: Logged | undefined;
  let gaps = 0;
  let reads = 0;
  let stopped = false;
  const read = async () => {
    const log = (await control(provider, "GET", "/requests")).body as Logged[];
    reads++;
    // Full log and the newest entry of the previous read no longer in it: something may be missed.
    if (
      last &&
      log.length >= 1000 &&
      !log.some((r) => r.at === last!.at && r.path === last!.path && r.method === last!.method)
    )
      gaps++;
    for (const r of log) if (r.method === "PUT") puts.set(`${r.at} ${r.path} ${r.status}`, r);
    last = log.at(-1) ?? last;
  };
  const loop = (async () => {
    for (let i = 0; !stopped && i < 10_000; i++) {
      await read();
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      await read();
      return { puts: [...puts.values()], gaps, reads };
    },
  };
}

/** Every confirmed document of the inbox (paged by units). */
async function locallyConfirmed(rig: AppRig): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let offset = 0, pages = 0; pages < 100; pages++, offset += 200) {
    const res = await api(rig.session, rig.server.url, `/api/inbox?state=confirmed&limit=200&offset=${offset}`);
    if (res.status !== 200) throw new Error(`inbox: ${res.status}`);
    for (const g of res.body.groups as { documents: { documentid: string }[] }[])
      for (const d of g.documents) ids.add(d.documentid);
    if (offset + 200 >= (res.body.units as number)) break;
  }
  return ids;
}

/** A fixed pseudo-random pick (no Math.random: the same documents fail in every run). */
function pick(n: number, k: number): number[] {
  const chosen = new Set<number>();
  for (let x = 12_345; chosen.size < k;) {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    chosen.add(x % n);
  }
  return [...chosen];
}

async function lostOrDoubledFigure() {
  const docs = confirmDocuments("f", BULK);
  return withConfirmRig(docs, async (rig, provider, connection) => {
    const faulted = pick(BULK, BULK / 20); // 5 %
    const kinds = ["503", "429", "applied503"] as const;
    const kindOf = new Map(faulted.map((i, n) => [`f-${i}`, kinds[n % 3]!]));
    const rules = [...kindOf].map(([id, kind]) => ({
      method: "PUT",
      path: `${UVI_OUT}/${id}/status`,
      delayMs: LATENCY_MS,
      times: 1,
      ...(kind === "503"
        ? { status: 503 }
        : kind === "429"
          ? { status: 429, retryAfterSeconds: 0 }
          : { applyThenFail: 503 }),
    }));
    await control(provider, "PUT", "/faults", [...rules, ...delays]);
    const watch = watchPuts(provider);
    const run = await bulk(
      rig,
      connection,
      docs.map((d) => d.documentid),
    ).catch(async (err: unknown) => {
      await watch.stop();
      throw err;
    });
    const seen = await watch.stop();
    await control(provider, "DELETE", "/faults");
    const { done: synced } = await sync(rig, connection);
    const state = (await control(provider, "GET", "/state")).body as {
      documents: { documentid: string; confirmed: boolean }[];
    };
    const atProvider = new Set(state.documents.filter((d) => d.confirmed).map((d) => d.documentid));
    const local = await locallyConfirmed(rig);
    const lost = [...atProvider].filter((id) => !local.has(id));
    const falselyConfirmed = [...local].filter((id) => !atProvider.has(id));
    // A PUT took effect when it was answered 200, or when it met its applyThenFail rule (the first PUT of that
    // document).
    const effective = new Map<string, number>();
    const putsPer = new Map<string, number>();
    for (const r of [...seen.puts].sort((a, b) => a.at.localeCompare(b.at))) {
      const id = r.path.split("/").at(-2)!;
      const nth = (putsPer.get(id) ?? 0) + 1;
      putsPer.set(id, nth);
      if (r.status === 200 || (nth === 1 && kindOf.get(id) === "applied503"))
        effective.set(id, (effective.get(id) ?? 0) + 1);
    }
    const doubled = [...effective].filter(([, n]) => n > 1).map(([id]) => id);
    if (seen.gaps > 0)
      return { value: null, reason: `the requests log was not read often enough (${seen.gaps} possible gaps)` };
    return {
      value: lost.length + doubled.length,
      info: {
        lost: lost.slice(0, 20),
        doubled: doubled.slice(0, 20),
        lostCount: lost.length,
        doubledCount: doubled.length,
        locallyConfirmedNotAtProvider: falselyConfirmed.length,
        putsSeen: seen.puts.length,
        documentsWithTwoPuts: [...putsPer.values()].filter((n) => n > 1).length,
        logReads: seen.reads,
        faults: Object.fromEntries(kinds.map((k) => [k, [...kindOf.values()].filter((v) => v === k).length])),
        bulk: run.done,
        sync: synced,
        confirmedAtProvider: atProvider.size,
        confirmedLocally: local.size,
      },
    };
  });
}

export const figures: Figure[] = [
  {
    name: "confirm.bulk_1k_speedup_vs_sequential",
    unit: "ratio",
    goal: ">= 6",
    baseline: `PUT .../documents/{id}/status through the app one after another, ${SEQUENTIAL} documents (half before, half after the bulk run), mean time extrapolated to 1,000; sandbox provider on its own server, ${LATENCY_MS} ms delay on data and status`,
    run: speedupFigure,
  },
  {
    name: "confirm.bulk_1k_lost_or_doubled",
    unit: "count",
    goal: "= 0",
    baseline:
      "bulk run of 1,000 with 5 % of the PUTs failing (503, 429, or applied then 503), then a sync; confirmed at the provider without a local confirmed record, plus documents with two PUTs that took effect (requests log read every 200 ms)",
    run: lostOrDoubledFigure,
  },
];
