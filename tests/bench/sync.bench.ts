/**
 * Sync figures of contracts/BENCH.md, against the alt test provider in the bench's own process
 * (none of its work lands on the server), over loopback only, every server stopped afterwards,
 * every loop bounded:
 * - sync.10k_speedup_vs_sequential: the provider (its latency mode, 50 ms per list and count
 *   request) holding 10,000 documents; the app's sync of a fresh connection while the provider
 *   honours `limit`, vs the same app's sync while the provider pages by 100 of its own (so the app
 *   can only follow `next` links one by one). Same indexing work on both sides.
 */
import { startAltProvider, type AltProvider } from "../support/alt-provider";
import { threadCpuDuring } from "../support/memory";
import {
  addConnection,
  altDocuments,
  deleteConnection,
  LATENCY_MS,
  median,
  round,
  signInAdmin,
  sync,
  withServers,
  type AppRig,
} from "./rig";
import type { Figure } from "./types";

const SYNC_DOCS = 10_000;
const SYNC_ROUNDS = 3;
/** The provider's own page size in the baseline (the sandbox's default limit is 100 as well). */
const PROVIDER_PAGE = 100;

async function timedSync(rig: AppRig, alt: AltProvider, providerPage: number) {
  alt.modes.pageSize = providerPage;
  alt.counters.requests = [];
  const id = await addConnection(rig, alt.uviBase, alt.basic, `sync-${providerPage}`);
  try {
    const started = performance.now();
    const { result: done, cpu } = await threadCpuDuring(rig.server.pid()!, async () => (await sync(rig, id)).done);
    const ms = performance.now() - started;
    if (done.open !== SYNC_DOCS || done.added !== SYNC_DOCS)
      throw new Error(`sync indexed ${String(done.open)} open, ${String(done.added)} added`);
    const lists = alt.counters.requests.filter(
      (r) => r.method === "GET" && /\/documents\/out(\?|$)/.test(r.path),
    ).length;
    return { ms, lists, cpu };
  } finally {
    await deleteConnection(rig, id);
  }
}

/** A walk of the provider's `next` links from the bench itself, one page after another (information). */
async function bareLinkWalk(alt: AltProvider): Promise<{ ms: number; pages: number }> {
  alt.modes.pageSize = PROVIDER_PAGE;
  const auth = `Basic ${Buffer.from(`${alt.basic.username}:${alt.basic.password}`).toString("base64")}`;
  const started = performance.now();
  let url: string | undefined = `${alt.uviBase}/documents/v1/documents/out?offset=0&limit=${PROVIDER_PAGE}`;
  let pages = 0;
  for (let seen = 0; url && pages < SYNC_DOCS; pages++) {
    const body = (await (
      await fetch(url, { headers: { authorization: auth, accept: "application/json" } })
    ).json()) as { documents: unknown[]; _links?: { next?: { href: string } } };
    if (body.documents.length === 0) break;
    seen += body.documents.length;
    url = seen < SYNC_DOCS ? body._links?.next?.href : undefined;
  }
  return { ms: performance.now() - started, pages };
}

async function syncFigure() {
  const alt = await startAltProvider();
  try {
    alt.documents = altDocuments(SYNC_DOCS);
    alt.modes.latencyMs = LATENCY_MS;
    return await withServers([{ env: { PROVIDER_URL_ALLOWLIST: alt.origin } }], async ([server]) => {
      const rig = { server: server!, session: await signInAdmin(server!) };
      const fast: number[] = [];
      const slow: number[] = [];
      let requests = { fast: 0, sequential: 0 };
      let cpu: unknown;
      for (let i = 0; i < SYNC_ROUNDS; i++) {
        const s = await timedSync(rig, alt, PROVIDER_PAGE);
        const f = await timedSync(rig, alt, 0);
        slow.push(s.ms);
        fast.push(f.ms);
        requests = { fast: f.lists, sequential: s.lists };
        cpu = f.cpu;
      }
      const bare = await bareLinkWalk(alt);
      return {
        value: round(median(slow) / median(fast)),
        info: {
          syncMs: Math.round(median(fast)),
          sequentialSyncMs: Math.round(median(slow)),
          listRequests: requests,
          bareLinkWalkMs: Math.round(bare.ms),
          bareLinkWalkPages: bare.pages,
          speedupVsBareLinkWalk: round(bare.ms / median(fast)),
          rounds: SYNC_ROUNDS,
          fastSyncCpuS: cpu,
        },
      };
    });
  } finally {
    await alt.close();
  }
}

export const figures: Figure[] = [
  {
    name: "sync.10k_speedup_vs_sequential",
    unit: "ratio",
    goal: ">= 8",
    baseline: `the same app syncing the same 10,000 documents while the provider pages by ${PROVIDER_PAGE} of its own (ignoring limit), so the app follows next links one by one; provider latency ${LATENCY_MS} ms per request on both sides; fresh connection each time, ${SYNC_ROUNDS} rounds in alternation, medians`,
    run: syncFigure,
  },
];
