/**
 * Memory figures of contracts/BENCH.md (issue 18), on the embedded database, the server's RSS read
 * from /proc, over loopback only, every server stopped afterwards, every loop bounded:
 * - server.idle_rss_mb: the server as `npm run demo` runs it (the sandbox on, its demo data set
 *   loaded at the first start) with the demo's four connections, each synced once, then idle for
 *   30 s. The server runs with tests/bench/event-loop-probe.mjs loaded (probe.ts), which tells
 *   where the memory goes: V8's heap, memory outside it (PGlite's WebAssembly memory above all).
 * - sync.100k_rss_growth_mb: the alt test provider (in the bench's process) holding 100,000
 *   documents, a full sync of a fresh connection after a warm-up sync of 1,000 on another one (the
 *   code a sync runs is loaded and compiled once per process, which is not what is measured): the
 *   most the RSS grew above its level before the sync. A sync holds a page, never the list.
 */
import { startAltProvider } from "../support/alt-provider";
import { MiB, rssBytes, rssGrowthDuring } from "../support/memory";
import type { TestServer } from "../support/server";
import { withProbedServer, type Samples } from "./probe";
import {
  addConnection,
  altDocuments,
  control,
  deleteConnection,
  postConnection,
  round,
  signInAdmin,
  sync,
  withServers,
  type AppRig,
} from "./rig";
import type { Figure } from "./types";

const IDLE_MS = 30_000;

/**
 * The connections lib/cli/demo.mjs creates: UVI with OAuth and with Basic, DTA for each customer of the sandbox's
 * client.
 */
async function demoConnections(rig: AppRig): Promise<string[]> {
  type Client = {
    basic?: { username: string; password: string };
    oauth?: { clientId: string; clientSecret: string };
    customers: string[];
  };
  const state = (await control(rig.server, "GET", "/state")).body as { clients: Client[] };
  const client = state.clients.find((c) => c.basic && c.oauth);
  if (!client?.basic || !client.oauth) throw new Error("the sandbox has no client with Basic and OAuth credentials");
  const origin = rig.server.url;
  const basic = { type: "basic", ...client.basic };
  return [
    await postConnection(rig, {
      name: "UVI (OAuth)",
      service: "uvi",
      baseUrl: `${origin}/arge`,
      authUrl: origin,
      auth: { type: "client_credentials", ...client.oauth },
    }),
    await addConnection(rig, `${origin}/arge`, client.basic, "UVI (Basic)"),
    ...(await Promise.all(
      client.customers.map((kd) =>
        postConnection(rig, {
          name: `DTA ${kd}`,
          service: "dta",
          baseUrl: `${origin}/dta`,
          customerNumber: kd,
          auth: basic,
        }),
      ),
    )),
  ];
}

/** The RSS now (the figure's value) and where it goes, from the probe's latest line. */
function memoryNow(server: TestServer, samples: Samples) {
  const latest = samples(Date.now() - 1000, Date.now()).findLast((s) => s.heapMb !== undefined);
  return {
    rssMb: round(rssBytes(server.pid()!) / MiB, 1),
    heapMb: round(latest?.heapMb ?? NaN, 1),
    externalMb: round(latest?.externalMb ?? NaN, 1),
    arrayBuffersMb: round(latest?.arrayBuffersMb ?? NaN, 1),
  };
}

const idle = () => new Promise((r) => setTimeout(r, IDLE_MS));

async function idleFigure() {
  return withProbedServer({ sandbox: true }, async (server, samples) => {
    const started = memoryNow(server, samples);
    const rig = { server, session: await signInAdmin(server) };
    let open = 0;
    for (const id of await demoConnections(rig)) open += Number((await sync(rig, id)).done.open);
    const synced = memoryNow(server, samples);
    await idle();
    const value = memoryNow(server, samples);
    // The same data after a restart: no initdb and no sync in this process (information).
    await server.restart();
    await idle();
    const warmRestart = memoryNow(server, samples);
    return {
      value: value.rssMb,
      info: { openDocuments: open, ...value, atStart: started, afterSyncs: synced, warmRestartIdle: warmRestart },
    };
  });
}

const DOCS = 100_000;

async function growthFigure() {
  const alt = await startAltProvider();
  try {
    alt.modes.pageSize = 0;
    const documents = altDocuments(DOCS);
    return await withServers([{ env: { PROVIDER_URL_ALLOWLIST: alt.origin } }], async ([server]) => {
      const rig = { server: server!, session: await signInAdmin(server!) };
      alt.documents = documents.slice(0, 1000).map((d) => ({ ...d, documentid: `warm-${d.documentid}` }));
      // Removed after its sync: a user's second connection to the same account is refused (409).
      const warm = await addConnection(rig, alt.uviBase, alt.basic, "warm-up");
      await sync(rig, warm);
      await deleteConnection(rig, warm);
      alt.documents = documents;
      const id = await addConnection(rig, alt.uviBase, alt.basic);
      const pid = server!.pid()!;
      const before = rssBytes(pid);
      const started = performance.now();
      const { result, growth } = await rssGrowthDuring(pid, () => sync(rig, id));
      if (result.done.added !== DOCS)
        return { value: null, reason: `the sync added ${String(result.done.added)} of ${DOCS} documents` };
      return {
        value: round(growth / MiB, 1),
        info: { rssBeforeMb: round(before / MiB, 1), syncMs: Math.round(performance.now() - started) },
      };
    });
  } finally {
    await alt.close();
  }
}

export const figures: Figure[] = [
  {
    name: "server.idle_rss_mb",
    unit: "mb",
    goal: "<= 300",
    baseline: `the server's RSS with the embedded database, the sandbox and its demo data set (first start), after one sync of each of the demo's four connections, then ${IDLE_MS / 1000} s idle; info: the same after a restart and ${IDLE_MS / 1000} s idle`,
    run: idleFigure,
  },
  {
    name: "sync.100k_rss_growth_mb",
    unit: "mb",
    goal: "< 100",
    baseline: `the server's largest RSS (sampled every 10 ms) during a full sync of ${DOCS.toLocaleString("en")} documents from the alt test provider (limit honoured, no latency), minus its RSS before; after a warm-up sync of 1,000 on another connection`,
    run: growthFigure,
  },
];
