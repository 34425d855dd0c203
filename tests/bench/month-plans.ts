/**
 * Reads the month page's plans on PostgreSQL (docs/scale.md, "The month page's plan"). Fills a server as
 * month.bench.ts does (UVI documents synced through the real path, then the register import), with its database
 * logging every statement with its parameters and auto_explain's plan (ANALYZE, BUFFERS). Then, right after the
 * import and again after `ANALYZE`:
 * - the month page's answer (`GET /api/month?month=…&property=…`) ten times: the app's own plans of the first and the
 *   tenth request, and what the app sent (`execute <unnamed>` or a statement's name);
 * - the tally statement as the app sent it, with its parameters, replayed on a connection of this script: as an
 *   unnamed statement (the app's way) and as a named prepared one (`PREPARE`, `EXPLAIN EXECUTE` ten times), the plan of
 *   the first and the tenth execution of each;
 * - the statistics PostgreSQL holds on the tables read (rows, changes since the last analyze, when that was);
 * - the other reads of a whole register or index (the month view and its proof, the round's documents, the inbox,
 *   support's search and completeness grid), three calls each: their times and the plan of their slowest statement.
 * Autovacuum is off on the server's tables until the ANALYZE, so that "right after the import" is what the app left
 * (autovacuum's analyze may otherwise come at any moment within its naptime).
 * Writes bench/month-plans.txt (not committed).
 *
 *   TEST_DATABASE_URL=... PG_LOG=<the server's log file> node --import tsx tests/bench/month-plans.ts [units]
 *
 * Loopback only; every loop is bounded.
 */
import { appendFileSync, closeSync, mkdirSync, openSync, readSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startServer, type TestServer } from "../support/server";
import { answer, fill, MONTH, PROPERTY, PROPERTY_UNITS, type Side } from "./month.bench";

const OUT = path.resolve(import.meta.dirname, "..", "..", "bench");
const FILE = path.join(OUT, "month-plans.txt");
const REQUESTS = 10;
const TABLES = [
  "units",
  "tenancies",
  "delivery_documents",
  "connections",
  "handoffs",
  "handoff_assignments",
  "document_reads",
];

/** A unit of the property asked for (month.bench.ts numbers units from 30,000,000). */
const UNIT_IN_PROPERTY = String(30_000_000 + PROPERTY_UNITS + 7);

const write = (text: string) => appendFileSync(FILE, `${text}\n`);

/** The log's bytes from `offset` on. */
function logSince(file: string, offset: number): string {
  const buffer = Buffer.alloc(statSync(file).size - offset);
  const fd = openSync(file, "r");
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString("utf8");
}

const messages = (log: string) => log.split(/\n(?=\d{4}-\d\d-\d\d )/);
/** The month page's tally statement (lib/views/month-round/round.ts `tallies`): the one that reads every unit of the property. */
const isTally = (m: string) => m.includes("count(*) FILTER (WHERE p.confirmable AND p.hands_on)");

/** The statement the app sent and its parameters, from log_min_duration_statement's line and its DETAIL. */
function sentStatement(log: string): { how: string; text: string; params: (string | null)[] } | undefined {
  const all = messages(log);
  const i = all.findIndex((m) => isTally(m) && /duration: [\d.]+ ms {2}(execute|statement)/.test(m));
  if (i < 0) return undefined;
  const head = /duration: [\d.]+ ms {2}(execute [^:]*|statement): ([\s\S]*)$/.exec(all[i]!)!;
  const detail = all.slice(i + 1, i + 3).find((m) => /DETAIL: {2}parameters:/i.test(m)) ?? "";
  const params: (string | null)[] = [];
  for (const p of detail.matchAll(/\$(\d+) = (NULL|'((?:[^']|'')*)')/g))
    params[Number(p[1]) - 1] = p[2] === "NULL" ? null : p[3]!.replaceAll("''", "'");
  return { how: head[1]!, text: head[2]!.replace(/\n\t/g, "\n"), params };
}

async function statistics(client: pg.Client): Promise<string> {
  const { rows } = await client.query(
    `SELECT s.relname AS table, c.reltuples::bigint AS reltuples, s.n_live_tup AS live, s.n_mod_since_analyze AS changed,
       to_char(s.last_analyze, 'HH24:MI:SS') AS analyzed, to_char(s.last_autoanalyze, 'HH24:MI:SS') AS autoanalyzed
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = ANY($1) ORDER BY s.relname`,
    [TABLES],
  );
  return rows.map((r) => `  ${JSON.stringify(r)}`).join("\n");
}

const plan = (rows: { "QUERY PLAN": string }[]) => rows.map((r) => r["QUERY PLAN"]).join("\n");

/** The statement as an unnamed one with its parameters (as the app sends it), in a transaction with JIT off (round-sql.ts). */
async function explainUnnamed(client: pg.Client, text: string, params: (string | null)[]): Promise<string> {
  await client.query("BEGIN");
  try {
    await client.query("SET LOCAL jit = off");
    return plan((await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params)).rows);
  } finally {
    await client.query("COMMIT");
  }
}

const literal = (v: string | null) => (v === null ? "NULL" : `'${v.replaceAll("'", "''")}'`);

/** The statement prepared by name and executed REQUESTS times: after five custom plans PostgreSQL may take a generic one. */
async function explainNamed(client: pg.Client, text: string, params: (string | null)[]): Promise<string[]> {
  await client.query("SET jit = off");
  await client.query(`PREPARE month_tally AS ${text}`);
  const plans: string[] = [];
  try {
    for (let i = 0; i < REQUESTS; i++)
      plans.push(
        plan(
          (await client.query(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE month_tally(${params.map(literal).join(", ")})`))
            .rows,
        ),
      );
  } finally {
    await client.query("DEALLOCATE month_tally");
    await client.query("RESET jit");
  }
  return plans;
}

/** The other reads of a whole register or index, as their pages ask (the second property, the month of the documents). */
const OTHERS: [string, (side: Side) => string][] = [
  ["month view", () => `/api/handoffs/month?month=${MONTH}&property=${encodeURIComponent(PROPERTY)}`],
  ["proof (CSV)", () => `/api/handoffs/proof.csv?month=${MONTH}&property=${encodeURIComponent(PROPERTY)}`],
  ["round's documents", () => `/api/month/documents?month=${MONTH}&property=${encodeURIComponent(PROPERTY)}`],
  [
    "inbox, open, middle page",
    (side) => `/api/inbox?state=open&limit=50&offset=${Math.floor(side.units / 2 / 50) * 50}`,
  ],
  ["inbox, month", () => `/api/inbox?month=${MONTH}&limit=50&offset=0`],
  [
    "support's search (unit number, state)",
    () => `/api/delivery/documents?q=${UNIT_IN_PROPERTY}&state=open&limit=4&offset=0`,
  ],
  [
    "support's completeness grid (property)",
    () => `/api/delivery/completeness?property=${encodeURIComponent(PROPERTY)}&from=2026-08&to=${MONTH}`,
  ],
];

/** The statement of a request that took longest in PostgreSQL, from auto_explain's messages. */
function slowest(log: string): { ms: number; message: string } | undefined {
  let worst: { ms: number; message: string } | undefined;
  for (const m of messages(log)) {
    const ms = /duration: ([\d.]+) ms {2}plan:/.exec(m);
    if (ms && (!worst || Number(ms[1]) > worst.ms)) worst = { ms: Number(ms[1]), message: m };
  }
  return worst;
}

async function survey(side: Side, log: string): Promise<void> {
  for (const [what, url] of OTHERS) {
    const times: number[] = [];
    let worst: ReturnType<typeof slowest>;
    for (let i = 0; i < 3; i++) {
      const offset = statSync(log).size;
      const started = performance.now();
      const res = await fetch(`${side.rig.server.url}${url(side)}`, { headers: { cookie: side.rig.session.cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${what}: ${res.status}`);
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 200));
      worst = slowest(logSince(log, offset));
    }
    write(
      `\n--- ${what}: ${times.map((t) => t.toFixed(1)).join(", ")} ms over HTTP; slowest statement ${worst?.ms ?? "?"} ms`,
    );
    // The whole plan where it is worth reading; the statement's first line otherwise.
    if (worst && worst.ms > 20) write(worst.message);
    else if (worst) write(`  ${/Query Text: (.*)/.exec(worst.message)?.[1]?.slice(0, 160) ?? ""}`);
  }
}

async function round(side: Side, log: string, client: pg.Client, label: string): Promise<void> {
  write(`\n######## ${label}\nstatistics:\n${await statistics(client)}`);
  const times: number[] = [];
  const plans: string[] = [];
  let sent: ReturnType<typeof sentStatement>;
  for (let i = 0; i < REQUESTS; i++) {
    const offset = statSync(log).size;
    times.push(await answer(side));
    // auto_explain writes after the statement; the log may lag the answer by a moment.
    await new Promise((r) => setTimeout(r, 200));
    const since = logSince(log, offset);
    plans.push(messages(since).find((m) => isTally(m) && m.includes("plan:")) ?? "(no plan logged)");
    sent ??= sentStatement(since);
  }
  write(`requests (ms over HTTP): ${times.map((t) => t.toFixed(1)).join(", ")}`);
  write(
    `\n=== the app's plan, request 1\n${plans[0]}\n\n=== the app's plan, request ${REQUESTS}\n${plans[REQUESTS - 1]}`,
  );
  if (!sent) return write("(the tally statement was not found in the log)");
  write(`\nthe app sent: ${sent.how}; parameters: ${JSON.stringify(sent.params)}`);
  const unnamed: string[] = [];
  for (let i = 0; i < REQUESTS; i++) unnamed.push(await explainUnnamed(client, sent.text, sent.params));
  write(
    `\n=== replayed unnamed, execution 1\n${unnamed[0]}\n\n=== replayed unnamed, execution ${REQUESTS}\n${unnamed[REQUESTS - 1]}`,
  );
  const named = await explainNamed(client, sent.text, sent.params);
  write(
    `\n=== replayed as a named prepared statement, execution 1\n${named[0]}\n\n=== named, execution ${REQUESTS}\n${named[REQUESTS - 1]}`,
  );
  write(`\n=== the other reads of a whole register or index`);
  await survey(side, log);
  write(`\nstatistics after:\n${await statistics(client)}`);
}

/** Autovacuum on or off for every table of the server's database (a storage parameter of each table). */
async function autovacuum(client: pg.Client, on: boolean): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'",
  );
  for (const { name } of rows)
    await client.query(
      on ? `ALTER TABLE ${name} RESET (autovacuum_enabled)` : `ALTER TABLE ${name} SET (autovacuum_enabled = off)`,
    );
}

/** From its next session on, the server's database logs every statement, its parameters and its plan. */
async function logEverything(server: TestServer): Promise<void> {
  const url = server.env.DATABASE_URL!;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const setting of [
      "log_min_duration_statement = 0",
      "log_parameter_max_length = 400",
      "session_preload_libraries = 'auto_explain'",
      "auto_explain.log_min_duration = 0",
      "auto_explain.log_analyze = on",
      "auto_explain.log_buffers = on",
      "auto_explain.log_nested_statements = off",
    ])
      await client.query(`ALTER DATABASE ${new URL(url).pathname.slice(1)} SET ${setting}`);
  } finally {
    await client.end();
  }
  await server.restart();
}

async function main() {
  const log = process.env.PG_LOG;
  if (!log) throw new Error("PG_LOG must name the PostgreSQL server's log file");
  const units = Number(process.argv[2] ?? 20_000);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(FILE, `month page plans at ${new Date().toISOString()}, ${units} units\n`);
  const server = await startServer({
    sandbox: true,
    database: "postgres",
    env: { LOG_LEVEL: "warn", SYNC_INTERVAL_MINUTES: "0" },
  });
  const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
  try {
    await logEverything(server);
    await client.connect();
    await autovacuum(client, false);
    const side = await fill(server, units);
    write(
      `filled: sync ${Math.round(side.syncMs)} ms, import ${Math.round(side.importMs)} ms, done at ${new Date().toISOString()}`,
    );
    await round(side, log, client, "right after the import (autovacuum off)");
    await autovacuum(client, true);
    const started = performance.now();
    await client.query("ANALYZE");
    write(`\nANALYZE of the database: ${Math.round(performance.now() - started)} ms`);
    await round(side, log, client, "after ANALYZE");
  } finally {
    await client.end().catch(() => undefined);
    await server.stop();
  }
  console.log(`written: ${FILE}`);
}

await main();
