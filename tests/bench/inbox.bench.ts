/**
 * inbox.page_100k_vs_1k (contracts/BENCH.md): GET /api/inbox, 50 documents a page (the inbox pages by
 * documents, grouped by unit), the middle page, filtered, at 100,000 indexed documents vs 1,000. Two servers, each its own sandbox provider and
 * its own index, filled through the real path (sandbox state, then a sync of the connection). The
 * documents are 12 months of usage units (100,000 = 8,334 units x 12), listed month by month as a
 * provider publishes them. Requests go to the two servers in alternation, so machine noise falls
 * on both sides alike.
 */
import type { TestServer } from "../support/server";
import { alternating, MONTHS, round, syncedSandbox, timeIt, uviDoc, withServers, type AppRig } from "./rig";
import type { Figure } from "./types";

const WARMUP = 10;
const REPS = 41;
const PAGE = 50;

/** n documents: ceil(n / 12) units, month after month. */
function documents(n: number) {
  const units = Math.ceil(n / MONTHS.length);
  const docs = [];
  for (const ym of MONTHS) {
    for (let u = 0; u < units && docs.length < n; u++) docs.push(uviDoc(`i-${ym}-${u}`, String(10_000_000 + u), ym));
  }
  return { docs, units };
}

/** A server's inbox as the figures page it: the admin's documents and usage units. */
export type Paged = { rig: AppRig; n: number; units: number };
type Side = Paged & { syncMs: number; fillMs: number };

async function fill(server: TestServer, n: number): Promise<Side> {
  const { docs, units } = documents(n);
  const { rig, fillMs, syncMs } = await syncedSandbox(server, docs);
  return { rig, n, units, syncMs, fillMs };
}

/** The documents a filter lists on a side, asked once (untimed): the inbox pages by documents. */
const listed = new WeakMap<Paged, Map<string, number>>();
async function documentsListed(side: Paged, filter: string): Promise<number> {
  const known = listed.get(side)?.get(filter);
  if (known !== undefined) return known;
  const res = await fetch(`${side.rig.server.url}/api/inbox?${filter}&limit=1`, {
    headers: { cookie: side.rig.session.cookie },
  });
  const { documents } = (await res.json()) as { documents: number };
  listed.set(side, (listed.get(side) ?? new Map<string, number>()).set(filter, documents));
  return documents;
}

/** The middle page of 50 documents (grouped by unit): its 50 documents must be there. */
export async function page(side: Paged, filter: string): Promise<number> {
  const total = await documentsListed(side, filter);
  const offset = Math.max(0, Math.floor((total - PAGE) / 2));
  return timeIt(async () => {
    const res = await fetch(`${side.rig.server.url}/api/inbox?${filter}&limit=${PAGE}&offset=${offset}`, {
      headers: { cookie: side.rig.session.cookie },
    });
    const body = (await res.json()) as { documents: number; groups: { documents: unknown[] }[] };
    const shown = body.groups?.reduce((n, g) => n + g.documents.length, 0);
    if (res.status !== 200 || shown !== PAGE || body.documents !== total)
      throw new Error(`inbox ${filter} at ${side.n}: ${res.status} ${shown} of ${body.documents} documents`);
  });
}

/** Medians of the same page on both sides, in alternation, after a warm-up. */
export const ratio = (small: Paged, large: Paged, filter: string) =>
  alternating(
    () => page(small, filter),
    () => page(large, filter),
    { warmup: WARMUP, reps: REPS },
  );

export const figures: Figure[] = [
  {
    name: "inbox.page_100k_vs_1k",
    unit: "ratio",
    goal: "<= 1.3",
    baseline:
      "the same middle page (50 documents, grouped by unit) at 1,000 indexed documents, another server, same run, in alternation; the value is the worse of two filters: state=open and month=2026-06",
    run: () =>
      withServers([{ sandbox: true }, { sandbox: true }], async ([one, two]) => {
        const small = await fill(one!, 1_000);
        const large = await fill(two!, 100_000);
        const open = await ratio(small, large, "state=open");
        const month = await ratio(small, large, "month=2026-06");
        return {
          value: round(Math.max(open.ratio, month.ratio)),
          info: {
            stateOpen: { ratio: round(open.ratio), ms1k: round(open.smallMs), ms100k: round(open.largeMs) },
            month: { ratio: round(month.ratio), ms1k: round(month.smallMs), ms100k: round(month.largeMs) },
            units: { "1k": small.units, "100k": large.units },
            sync100kMs: Math.round(large.syncMs),
            putState100kMs: Math.round(large.fillMs),
            reps: REPS,
          },
        };
      }),
  },
];
