/**
 * A server with tests/bench/event-loop-probe.mjs loaded, which records its longest event-loop
 * delay and its memory every 100 ms: what the server went through while a benchmark worked.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { startServer, TestServer } from "../support/server";
import { withServers } from "./rig";

const PROBE = path.join(import.meta.dirname, "event-loop-probe.mjs");

/** A line of the probe: the longest delay and the memory of 100 ms, or a garbage collection of 20 ms or more. */
export type Sample = {
  at: number;
  maxMs?: number;
  rssMb?: number;
  heapMb?: number;
  heapTotalMb?: number;
  externalMb?: number;
  arrayBuffersMb?: number;
  gcMs?: number;
};

export type Samples = (from: number, to: number, slackMs?: number) => Sample[];

/** A server with the probe loaded; `measure` gets it and reads the samples of a time span. */
export async function withProbedServer<T>(
  options: Parameters<typeof startServer>[0],
  measure: (server: TestServer, samples: Samples) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), "arge-probe-"));
  const file = path.join(dir, "probe.ndjson");
  try {
    return await withServers(
      [{ ...options, env: { NODE_OPTIONS: `--import ${PROBE}`, ARGE_PROBE_FILE: file, ...options?.env } }],
      ([server]) =>
        measure(server!, (from, to, slackMs = 200) =>
          readFileSync(file, "utf8")
            .trim()
            .split("\n")
            .map((l) => JSON.parse(l) as Sample)
            .filter((s) => s.at >= from && s.at <= to + slackMs),
        ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type MemoryLine = {
  at: number;
  rssMb: number;
  heapMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
};

/**
 * Where the server's memory was at its largest RSS of [from, to], against its last line before `from`
 * (event-loop-probe.mjs).
 */
export function memoryAtPeak(file: string, from: number, to: number) {
  const lines = readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Partial<MemoryLine>)
    .filter((l): l is MemoryLine => l.rssMb !== undefined);
  const before = lines.filter((l) => l.at < from).at(-1);
  const during = lines.filter((l) => l.at >= from && l.at <= to);
  if (!before || during.length === 0) return undefined;
  const peak = during.reduce((a, b) => (b.rssMb > a.rssMb ? b : a));
  const growth = (key: keyof Omit<MemoryLine, "at">) => Number((peak[key] - before[key]).toFixed(1));
  return {
    rssMb: growth("rssMb"),
    heapMb: growth("heapMb"),
    heapTotalMb: growth("heapTotalMb"),
    externalMb: growth("externalMb"),
    arrayBuffersMb: growth("arrayBuffersMb"),
  };
}
