/**
 * The figures at a million documents (contracts/BENCH.md), on PostgreSQL only (TEST_DATABASE_URL):
 * `inbox.page_1m_vs_1k_postgres` and `delivery.search_1m_vs_1k_postgres`. Two servers, each with a
 * fresh database, seeded by seed-index.ts: 20 users with 1,000,080 documents (4,167 usage units of
 * twelve months each per user) against one user with 1,008 (84 units). The signed-in admin is a
 * user of both; requests go to the two servers in alternation. One seeding serves both figures of
 * a run (seeding the million takes minutes).
 */
import type { TestServer } from "../support/server";
import { api } from "../support/session";
import { ratio as inboxRatio, type Paged } from "./inbox.bench";
import { alternating, round, signInAdmin, timeIt, withServers } from "./rig";
import { seedIndex, stateOf, type Seeded, type SeedPlan } from "./seed-index";
import type { Figure } from "./types";

export const MILLION: SeedPlan = { documents: 1_000_000, users: 20 };
const THOUSAND: SeedPlan = { documents: 1_000, users: 1 };

export type ScaleSide = Paged & { seeded: Seeded };

async function seededSide(server: TestServer, plan: SeedPlan): Promise<ScaleSide> {
  const rig = { server, session: await signInAdmin(server) };
  const seeded = await seedIndex(rig, plan);
  return { rig, n: seeded.documents, units: seeded.unitsPerUser, seeded };
}

/**
 * Two servers on PostgreSQL, 1,000 documents and `large` (a million unless a dry run says less), always stopped
 * afterwards.
 */
export function withScale<T>(
  measure: (small: ScaleSide, large: ScaleSide) => Promise<T>,
  large: SeedPlan = MILLION,
): Promise<T> {
  return withServers(
    [
      { sandbox: true, database: "postgres" },
      { sandbox: true, database: "postgres" },
    ],
    async ([one, two]) => measure(await seededSide(one!, THOUSAND), await seededSide(two!, large)),
  );
}

// Support's search: the admin's unit SEARCH_UNIT by number, confirmed only, the middle page of
// its confirmed documents (the same documents on both sides: whole units, the same states).
const SEARCH_UNIT = 1;
const SEARCH_PAGE = 4;
const confirmedOfUnit = Array.from({ length: 12 }, (_, m) => stateOf(SEARCH_UNIT, m)).filter(
  (s) => s === "confirmed",
).length;

export function search(side: ScaleSide): Promise<number> {
  const q = side.seeded.unitNumber(0, SEARCH_UNIT);
  const offset = Math.floor(confirmedOfUnit / 2 / SEARCH_PAGE) * SEARCH_PAGE;
  return timeIt(async () => {
    const res = await api(
      side.rig.session,
      side.rig.server.url,
      `/api/delivery/documents?q=${q}&state=confirmed&limit=${SEARCH_PAGE}&offset=${offset}`,
    );
    const records = Math.min(SEARCH_PAGE, confirmedOfUnit - offset);
    if (res.status !== 200 || res.body.count !== confirmedOfUnit || res.body.records.length !== records)
      throw new Error(`search at ${side.n}: ${res.status} ${res.text.slice(0, 200)}`);
  });
}

/**
 * Reads the CSV export (no filter: every record) until `rows` rows after the header, its end, or
 * the time `until` (Date.now()); the rows read and whether the export ended. `progress` hears the
 * rows read so far after each chunk.
 */
export async function readExport(
  side: ScaleSide,
  rows: number,
  until = Infinity,
  progress?: (rows: number) => void,
): Promise<{ rows: number; complete: boolean }> {
  const res = await fetch(`${side.rig.server.url}/api/delivery/export.csv`, {
    headers: { cookie: side.rig.session.cookie },
  });
  if (res.status !== 200) throw new Error(`export at ${side.n}: ${res.status}`);
  const reader = res.body!.getReader();
  let lines = 0;
  for (let c = await reader.read(); ; c = await reader.read()) {
    if (c.done) return { rows: lines - 1, complete: true };
    for (const byte of c.value) if (byte === 0x0a) lines++;
    progress?.(lines - 1);
    if (lines > rows || Date.now() > until) break;
  }
  await reader.cancel();
  return { rows: lines - 1, complete: false };
}

export function exportHead(side: ScaleSide): Promise<number> {
  return timeIt(async () => {
    const read = await readExport(side, 1000);
    if (read.rows < Math.min(1000, side.n)) throw new Error(`export at ${side.n}: ${read.rows} rows`);
  });
}

/** Fewer: at a million a search that reads the whole table takes seconds. */
const SUPPORT = { warmup: 3, reps: 21 };

const timing = (r: Awaited<ReturnType<typeof alternating>>) => ({
  ratio: round(r.ratio),
  ms1k: round(r.smallMs),
  ms1m: round(r.largeMs),
});

/** Both figures' measurements on one pair of seeded servers. */
export async function measureScale(small: ScaleSide, large: ScaleSide) {
  const open = await inboxRatio(small, large, "state=open");
  const month = await inboxRatio(small, large, "month=2026-06");
  const found = await alternating(
    () => search(small),
    () => search(large),
    SUPPORT,
  );
  const head = await alternating(
    () => exportHead(small),
    () => exportHead(large),
    SUPPORT,
  );
  const seeding = (s: ScaleSide) => ({
    documents: s.n,
    connections: s.seeded.connections,
    insertMs: Math.round(s.seeded.insertMs),
    vacuumAnalyzeMs: Math.round(s.seeded.vacuumMs),
  });
  return {
    inbox: { stateOpen: timing(open), month: timing(month), units: { "1k": small.units, "1m": large.units } },
    delivery: { search: timing(found), exportFirst1000: timing(head), reps: SUPPORT.reps },
    seeding: { "1k": seeding(small), "1m": seeding(large) },
  };
}

let scale: ReturnType<typeof measureScale> | undefined;
const scaleFigures = () => (scale ??= withScale(measureScale));

export const figures: Figure[] = [
  {
    name: "inbox.page_1m_vs_1k_postgres",
    unit: "ratio",
    goal: "<= 1.5",
    baseline:
      "GET /api/inbox, the middle page of 50 documents of the admin (one of 20 users, 50,004 of 1,000,080 documents) against the same at 1,008 documents (one user), PostgreSQL, another server, same run, in alternation; the worse of state=open and month=2026-06",
    run: async () => {
      const s = await scaleFigures();
      return {
        value: Math.max(s.inbox.stateOpen.ratio, s.inbox.month.ratio),
        info: { ...s.inbox, seeding: s.seeding },
      };
    },
  },
  {
    name: "delivery.search_1m_vs_1k_postgres",
    unit: "ratio",
    goal: "<= 1.5",
    baseline:
      "support's GET /api/delivery/documents?q=<unit number>&state=confirmed, the middle page (4 of 10), and the CSV export's first 1,000 rows, at 1,000,080 documents against 1,008, PostgreSQL, same run, in alternation; the worse of the two",
    run: async () => {
      const s = await scaleFigures();
      return {
        value: Math.max(s.delivery.search.ratio, s.delivery.exportFirst1000.ratio),
        info: { ...s.delivery, seeding: s.seeding },
      };
    },
  },
];
