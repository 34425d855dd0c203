#!/usr/bin/env node
// The whole test suite: build, unit tests, integration and conformance tests over HTTP against the
// embedded database (and PostgreSQL when TEST_DATABASE_URL names a local server), then end-to-end
// tests in Chromium. `node tests/run.mjs unit integration` runs only the named stages.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const only = process.argv.slice(2);
const wanted = (stage) => only.length === 0 || only.includes(stage);
const results = [];

function run(stage, cmd, args, env = {}) {
  console.log(`\n=== ${stage}: ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  results.push({ stage, ok: r.status === 0 });
  return r.status === 0;
}

function files(dir, suffix) {
  const full = path.join(root, "tests", dir);
  if (!existsSync(full)) return [];
  return readdirSync(full)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => path.join("tests", dir, f));
}

const nodeTest = (extra, list) => [...extra, "--import", "tsx", "--test", "--test-reporter=spec", ...list];

if (wanted("build") && process.env.SKIP_BUILD !== "1") {
  if (!run("build", "npx", ["next", "build"])) process.exit(1);
}

if (wanted("unit")) {
  const unit = files("unit", ".test.ts");
  // lib/ modules import "server-only", which only resolves under the react-server condition.
  if (unit.length) run("unit", process.execPath, nodeTest(["--conditions=react-server"], unit));
}

const http = [...files("integration", ".test.ts"), ...files("conformance", ".test.ts")];
if (wanted("integration") && http.length) {
  run("integration (embedded database)", process.execPath, nodeTest(["--test-concurrency=1"], http), { TEST_DATABASE_URL: "" });
  if (process.env.TEST_DATABASE_URL) {
    run("integration (PostgreSQL)", process.execPath, nodeTest(["--test-concurrency=1"], http));
  } else {
    console.log("\n=== integration (PostgreSQL): skipped, TEST_DATABASE_URL is not set");
  }
}

if (wanted("e2e") && files("e2e", ".spec.ts").length) {
  run("e2e", "npx", ["playwright", "test"]);
}

console.log("\n=== summary");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.stage}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
