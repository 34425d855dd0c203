#!/usr/bin/env node
// The whole test suite: a browser first, then build, unit tests, the HTTP tests (integration and
// conformance) on the embedded database and, for the files tests/placement.mjs puts there, on
// PostgreSQL when TEST_DATABASE_URL names a local server, then end-to-end tests in Chromium.
// HTTP test files run side by side, each in its own process with its own servers; a file marked
// `alone` runs after the others. `node tests/run.mjs unit integration` runs only the named stages;
// TEST_CONCURRENCY sets how many files run at once, TEST_VERBOSE=1 prints passing files' output too.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statfsSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { ensureBrowser } from "./support/browser.mjs";
import { httpTestFiles, placementOf } from "./placement.mjs";

const root = path.resolve(import.meta.dirname, "..");
const only = process.argv.slice(2);
const wanted = (stage) => only.length === 0 || only.includes(stage);
const verbose = process.env.TEST_VERBOSE === "1";
// Files wait in places (a server starting, a provider's delay, a poll): twice the cores keeps both busy.
const concurrency = Number(process.env.TEST_CONCURRENCY) || Math.max(2, availableParallelism() * 2);

/**
 * The temporary folder of the run and of every process it starts (TMPDIR): the test servers' DATA_DIRs with their
 * embedded databases, the template they are copied from, the archives. A memory file system (/dev/shm) when it has
 * room, so that the databases' writes and fsyncs do not wait on the disk (on a shared disk they made a file's time
 * up to half again as long); TEST_TMPDIR names another folder, and without either the system's stays.
 */
function runTmpdir() {
  if (process.env.TEST_TMPDIR) return process.env.TEST_TMPDIR;
  try {
    const fs = statfsSync("/dev/shm");
    if (fs.bavail * fs.bsize >= 4 * 1024 ** 3) return "/dev/shm";
  } catch {
    // no /dev/shm here
  }
  return undefined;
}
const ownTmpdir = runTmpdir();
if (ownTmpdir) process.env.TMPDIR = ownTmpdir;
console.log(`temporary files (TMPDIR): ${tmpdir()}`);
const scratch = mkdtempSync(path.join(tmpdir(), "arge-run-"));
const stages = [];
const counts = () => ({ passed: 0, failed: 0, skipped: 0 });

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Counts of one node:test TAP report (its summary lines); a cancelled test counts as failed. */
function tapCounts(file) {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const n = (name) => Number(text.match(new RegExp(`^# ${name} (\\d+)$`, "m"))?.[1] ?? 0);
  return { passed: n("pass"), failed: n("fail") + n("cancelled"), skipped: n("skipped") + n("todo") };
}

const nodeTestArgs = (extra, tapFile, list) => [
  ...extra,
  "--import",
  "tsx",
  "--test",
  "--test-reporter=spec",
  "--test-reporter-destination=stdout",
  "--test-reporter=tap",
  `--test-reporter-destination=${tapFile}`,
  ...list,
];

/** The servers a file started and restarted (tests/support/server.ts writes a line for each). */
function serverStarts(file) {
  const lines = existsSync(file) ? readFileSync(file, "utf8").split("\n") : [];
  return { servers: lines.filter((l) => l === "start").length, restarts: lines.filter((l) => l === "restart").length };
}

/** Runs one stage and records its wall time and counts; `body` returns `{ok, passed, failed, skipped}`. */
async function stage(name, body) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const result = await body();
  // A stage that failed without a failing test (a crash, a setup that threw) counts as one failure.
  if (!result.ok && result.failed === 0) result.failed = 1;
  stages.push({ name, ms: Date.now() - started, ...result });
  console.log(`=== ${name}: ${result.ok ? "ok" : "FAILED"} in ${seconds(Date.now() - started)}`);
  return result.ok;
}

function runInherit(cmd, args, env = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).status === 0;
}

/** One HTTP test file in a process of its own; its output is printed whole when it ends, so files do not interleave. */
function runFile(file, env, tag) {
  return new Promise((resolve) => {
    const tap = path.join(scratch, `${tag}-${path.basename(file)}.tap`);
    const tally = path.join(scratch, `${tag}-${path.basename(file)}.starts`);
    const started = Date.now();
    const child = spawn(process.execPath, nodeTestArgs([], tap, [file]), {
      cwd: root,
      env: { ...process.env, ...env, TEST_SERVER_STARTS: tally },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => {
      const c = tapCounts(tap);
      const ok = code === 0 && c.failed === 0;
      const s = serverStarts(tally);
      const line = `${ok ? "ok  " : "FAIL"} ${seconds(Date.now() - started).padStart(8)}  ${file}  (${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped; ${s.servers} servers, ${s.restarts} restarts)`;
      console.log(!ok || verbose ? `${out}\n${line}` : line);
      resolve({ ok, ...c, failed: ok || c.failed ? c.failed : 1, ...s });
    });
  });
}

/**
 * The files that took longest (about two minutes each on two cores): started first, so that a pass does not end waiting
 * for one of them.
 */
const LONGEST = [
  "ops-backup",
  "mail",
  "hardening-throttle",
  "delivery-sync",
  "ops-lifecycle-drain",
  "delivery-crash",
  "resilience-archive",
];
const rank = (file) => {
  const i = LONGEST.indexOf(path.basename(file, ".test.ts"));
  return i < 0 ? LONGEST.length : i;
};

/**
 * The files of one database pass: side by side at `concurrency` (the longest first), then those that must run alone.
 */
async function runFiles(files, env, tag) {
  const together = files.filter((f) => !placementOf(f).alone).sort((a, b) => rank(a) - rank(b));
  const alone = files.filter((f) => placementOf(f).alone);
  const total = { ok: true, ...counts(), servers: 0, restarts: 0 };
  const add = (r) => {
    total.ok &&= r.ok;
    for (const k of ["passed", "failed", "skipped", "servers", "restarts"]) total[k] += r[k];
  };
  const queue = [...together];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      while (queue.length) add(await runFile(queue.shift(), env, tag));
    }),
  );
  for (const file of alone) add(await runFile(file, env, tag));
  console.log(`servers started: ${total.servers}, restarted: ${total.restarts}`);
  return total;
}

/**
 * The embedded database every fresh test server starts from (tests/support/make-template.ts); its folder is inherited
 * as TEST_EMBEDDED_TEMPLATE.
 */
async function makeTemplate() {
  const dir = path.join(scratch, "pglite-template");
  const ok = runInherit(process.execPath, ["--import", "tsx", "tests/support/make-template.ts", dir], {
    TEST_DATABASE_URL: "",
  });
  if (ok) process.env.TEST_EMBEDDED_TEMPLATE = dir;
  return { ok, ...counts() };
}

function postgresMissing() {
  console.log(
    "\n=== integration (PostgreSQL): skipped, TEST_DATABASE_URL is not set.\n" +
      "    To run it: start a PostgreSQL server on loopback and set TEST_DATABASE_URL=postgres://user:password@127.0.0.1:5432/postgres (see README, 'Tests').",
  );
}

/** The stages in order; a browser or a build that fails ends the run (nothing after them could pass). */
async function runStages() {
  if (wanted("e2e") && !(await stage("browser", ensureBrowser))) return;
  if (wanted("build") && process.env.SKIP_BUILD !== "1") {
    if (!(await stage("build", async () => ({ ok: runInherit("npx", ["next", "build"]), ...counts() })))) return;
  }

  if ((wanted("integration") || wanted("e2e")) && !(await stage("embedded database template", makeTemplate))) return;

  if (wanted("unit")) {
    await stage("unit", async () => {
      const dir = path.join(root, "tests", "unit");
      const unit = readdirSync(dir)
        .filter((f) => f.endsWith(".test.ts"))
        .sort()
        .map((f) => path.join("tests", "unit", f));
      const tap = path.join(scratch, "unit.tap");
      // lib/ modules import "server-only", which only resolves under the react-server condition.
      const ok = runInherit(process.execPath, nodeTestArgs(["--conditions=react-server"], tap, unit));
      return { ok, ...tapCounts(tap) };
    });
  }

  if (wanted("integration")) {
    const files = httpTestFiles(root);
    await stage("integration (embedded database)", () => runFiles(files, { TEST_DATABASE_URL: "" }, "embedded"));
    if (process.env.TEST_DATABASE_URL) {
      const onPostgres = files.filter((f) => placementOf(f).postgres);
      await stage(`integration (PostgreSQL: ${onPostgres.length} of ${files.length} files)`, () =>
        runFiles(onPostgres, {}, "postgres"),
      );
    } else {
      postgresMissing();
    }
  }

  if (wanted("e2e")) {
    await stage("e2e", async () => {
      const json = path.join(scratch, "e2e.json");
      const ok = runInherit("npx", ["playwright", "test", "--reporter=list,json"], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: json,
      });
      const stats = existsSync(json) ? JSON.parse(readFileSync(json, "utf8")).stats : {};
      return {
        ok,
        passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
        failed: stats.unexpected ?? 0,
        skipped: stats.skipped ?? 0,
      };
    });
  }
}

try {
  await runStages();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log("\n=== summary");
for (const s of stages) {
  console.log(
    `${s.ok ? "ok  " : "FAIL"} ${seconds(s.ms).padStart(8)}  ${s.name}${s.passed + s.failed + s.skipped ? `: ${s.passed} passed, ${s.failed} failed` : ""}`,
  );
}
const sum = (k) => stages.reduce((n, s) => n + s[k], 0);
const skipped = sum("skipped");
console.log(`${sum("passed")} passed, ${sum("failed")} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(stages.every((s) => s.ok) ? 0 : 1);
