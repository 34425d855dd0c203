// npm run bench [-- NAME...]: runs every figure of tests/bench/*.bench.ts (or those whose name
// starts with one of the NAMEs), prints a table and writes bench/results.json.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { testDatabaseUrl } from "../support/server";
import { databaseOf } from "./rig";
import type { Figure } from "./types";

const root = path.resolve(import.meta.dirname, "..", "..");
const prefixes = process.argv.slice(2).filter((a) => !a.startsWith("-"));

async function main() {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    const r = spawnSync("npx", ["next", "build"], { cwd: root, stdio: "inherit" });
    if (r.status !== 0) process.exit(1);
  }
  const figures: Figure[] = [];
  for (const file of readdirSync(import.meta.dirname)
    .filter((f) => f.endsWith(".bench.ts"))
    .sort()) {
    const mod = (await import(path.join(import.meta.dirname, file))) as { figures: Figure[] };
    figures.push(...mod.figures);
  }
  const selected = figures.filter((f) => prefixes.length === 0 || prefixes.some((p) => f.name.startsWith(p)));
  const out: Record<string, unknown> = {};
  for (const figure of selected) {
    process.stdout.write(`running ${figure.name} ...\n`);
    let result: Awaited<ReturnType<Figure["run"]>>;
    const loadBefore = oneMinuteLoad();
    try {
      result =
        databaseOf(figure.name) === "postgres" && !testDatabaseUrl()
          ? { value: null, reason: "no PostgreSQL reachable: TEST_DATABASE_URL is not set" }
          : await figure.run();
    } catch (err) {
      result = { value: null, reason: `failed: ${(err as Error).message}` };
    }
    // The machine's load (one-minute average) as the figure began and ended: a ratio measured on a
    // busy machine is pulled towards 1, so each figure carries the load it ran under.
    const load = [loadBefore, oneMinuteLoad()];
    out[figure.name] = {
      value: result.value,
      unit: figure.unit,
      goal: figure.goal,
      baseline: figure.baseline,
      load,
      ...(result.reason ? { reason: result.reason } : {}),
      ...(result.info ? { info: result.info } : {}),
    };
  }
  // As wide as the longest name (those of PostgreSQL's figures are the longest).
  const width = Math.max(41, ...Object.keys(out).map((name) => name.length + 1));
  console.log("\nfigure".padEnd(width + 1) + "value".padStart(10) + "  load".padEnd(14) + "goal");
  for (const [name, f] of Object.entries(out) as [
    string,
    { value: number | null; goal: string; load: number[]; reason?: string },
  ][]) {
    const load = `  ${f.load.join("–")}`.padEnd(14);
    console.log(
      name.padEnd(width) + String(f.value ?? "n/a").padStart(10) + load + f.goal + (f.reason ? `  (${f.reason})` : ""),
    );
  }
  mkdirSync(path.join(root, "bench"), { recursive: true });
  const results = {
    machine: { cpus: cpus().length, node: process.version },
    at: new Date().toISOString(),
    figures: out,
  };
  writeFileSync(path.join(root, "bench", "results.json"), JSON.stringify(results, null, 2));
  console.log("\nwritten: bench/results.json");
}

function oneMinuteLoad(): number {
  return Math.round(loadavg()[0]! * 100) / 100;
}

await main();
