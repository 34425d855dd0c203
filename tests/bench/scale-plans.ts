/**
 * Reads the plans at a million documents (docs/scale.md). Seeds two servers as scale.bench.ts does,
 * measures both of its figures, streams the whole CSV export of the million (the server's RSS
 * growth and the time it takes, at most EXPORT_LIMIT_MS), then has PostgreSQL's auto_explain log
 * the plan (EXPLAIN ANALYZE, BUFFERS) of every statement that the inbox pages, support's search and
 * the export's first 1,000 rows run, at 1M and at 1k. Writes bench/scale.json and
 * bench/scale-plans.txt (not committed).
 *
 *   TEST_DATABASE_URL=... PG_LOG=<the server's log file> node --import tsx tests/bench/scale-plans.ts [documents users]
 *
 * A dry run: `... scale-plans.ts 1000 1`. Loopback only; every loop is bounded.
 */
import { appendFileSync, mkdirSync, openSync, readSync, statSync, writeFileSync, closeSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { MiB, rssBytes, rssGrowthDuring } from "../support/memory";
import { page } from "./inbox.bench";
import { exportHead, measureScale, MILLION, readExport, search, withScale, type ScaleSide } from "./scale.bench";

const OUT = path.resolve(import.meta.dirname, "..", "..", "bench");
const EXPORT_LIMIT_MS = 5 * 60_000;
const MARK_ROWS = 50_000;

/**
 * The whole export of the large side: rows, seconds, RSS growth of the server, and the seconds and
 * the server's RSS at every MARK_ROWS rows (whether a batch deep in the export costs more than one
 * at its start, whether memory grows with the rows).
 */
async function fullExport(side: ScaleSide) {
  const started = performance.now();
  const pid = side.rig.server.pid()!;
  const marks: { seconds: number; rssMb: number }[] = [];
  const mark = (rows: number) => {
    while ((marks.length + 1) * MARK_ROWS <= rows)
      marks.push({
        seconds: Math.round((performance.now() - started) / 100) / 10,
        rssMb: Math.round(rssBytes(pid) / MiB),
      });
  };
  const { result, growth } = await rssGrowthDuring(pid, () =>
    readExport(side, Infinity, Date.now() + EXPORT_LIMIT_MS, mark),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    ...result,
    seconds: Math.round(seconds),
    rowsPerSecond: Math.round(result.rows / seconds),
    rssGrowthMb: Number((growth / MiB).toFixed(1)),
    [`every${MARK_ROWS}Rows`]: marks,
  };
}

/** The log's bytes from `offset` on. */
function logSince(file: string, offset: number): string {
  const size = statSync(file).size;
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(file, "r");
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString("utf8");
}

/** auto_explain's messages (a prefixed line, then tab-indented lines) of statements on the delivery tables. */
function plansIn(log: string): string[] {
  const messages = log.split(/\n(?=\d{4}-\d\d-\d\d )/);
  return messages.filter((m) => m.includes("plan:") && /delivery_(documents|unit|state)/.test(m));
}

/**
 * From the next session on, the side's database logs every statement's plan with ANALYZE and BUFFERS; the server
 * restarts to get such sessions.
 */
async function explainEverything(side: ScaleSide): Promise<void> {
  const url = side.rig.server.env.DATABASE_URL!;
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const setting of [
      "session_preload_libraries = 'auto_explain'",
      "auto_explain.log_min_duration = 0",
      "auto_explain.log_analyze = on",
      "auto_explain.log_buffers = on",
      "auto_explain.log_nested_statements = off",
    ])
      await client.query(`ALTER DATABASE ${name} SET ${setting}`);
  } finally {
    await client.end();
  }
  await side.rig.server.restart();
}

const REQUESTS: [string, (side: ScaleSide) => Promise<number>][] = [
  ["GET /api/inbox?state=open (middle page of 50 documents)", (side) => page(side, "state=open")],
  ["GET /api/inbox?month=2026-06 (middle page of 50 documents)", (side) => page(side, "month=2026-06")],
  ["GET /api/delivery/documents?q=<unit>&state=confirmed&limit=4&offset=4", search],
  ["GET /api/delivery/export.csv (first 1,000 rows)", exportHead],
];

/** Each request twice, the plans of the second call kept (the first one warms the new server's sessions and caches). */
async function plansOf(side: ScaleSide, label: string, log: string, file: string): Promise<void> {
  await explainEverything(side);
  for (const [what, request] of REQUESTS) {
    await request(side);
    const offset = statSync(log).size;
    const ms = await request(side);
    const plans = plansIn(logSince(log, offset));
    appendFileSync(
      file,
      `\n=== ${label}: ${what} (${ms.toFixed(1)} ms over HTTP), ${plans.length} statement(s)\n${plans.join("\n")}\n`,
    );
  }
}

async function main() {
  const [documents, users] = process.argv.slice(2).map(Number);
  const large = documents ? { documents, users: users || MILLION.users } : MILLION;
  mkdirSync(OUT, { recursive: true });
  const planFile = path.join(OUT, "scale-plans.txt");
  writeFileSync(planFile, `plans at ${new Date().toISOString()}, large side: ${JSON.stringify(large)}\n`);
  const result = await withScale(async (small, big) => {
    const figures = await measureScale(small, big);
    console.log(JSON.stringify(figures, null, 2));
    const exported = await fullExport(big);
    console.log("full export:", JSON.stringify(exported));
    const log = process.env.PG_LOG;
    if (log) {
      await plansOf(big, `${big.n} documents`, log, planFile);
      await plansOf(small, `${small.n} documents`, log, planFile);
    } else console.log("PG_LOG is not set: no plans read");
    return { at: new Date().toISOString(), large, figures, fullExport: exported };
  }, large);
  writeFileSync(path.join(OUT, "scale.json"), JSON.stringify(result, null, 2));
  console.log(`written: bench/scale.json, ${planFile}`);
}

await main();
