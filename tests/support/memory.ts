/**
 * The resident memory of a test server's process, read from /proc (Linux): how a test shows that
 * the server's memory stays flat while it is sent or told to read far too much.
 */
import { readdirSync, readFileSync } from "node:fs";

/** The pid of the server started by tests/support/server.ts on `port` (lib/cli/serve.mjs -p port). */
export function serverPid(port: number): number {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      const at = argv.indexOf("-p");
      if (argv.some((a) => a.endsWith("serve.mjs")) && at >= 0 && argv[at + 1] === String(port)) return Number(entry);
    } catch {
      // the process went away meanwhile
    }
  }
  throw new Error(`no server process on port ${port}`);
}

/**
 * The CPU time the process used so far, user and system, in seconds (/proc/PID/stat fields 14 and
 * 15, in clock ticks of 1/100 s as Linux counts them for a process): over a span of wall time, how
 * many cores' worth of work it did.
 */
export function cpuSeconds(pid: number): number {
  return statCpu(`/proc/${pid}/stat`).s;
}

/** A process's or a thread's name and CPU seconds from its `stat` file (`path`). */
function statCpu(path: string): { name: string; s: number } {
  const stat = readFileSync(path, "utf8");
  // The name in parentheses may hold spaces; the fields are counted after its closing one.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
  return { name, s: (Number(fields[11]) + Number(fields[12])) / 100 };
}

export function rssBytes(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) * 1024;
}

/**
 * Runs `work` and returns its result with the most the process's RSS grew above its level before (sampled every 10 ms).
 */
export async function rssGrowthDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = rssBytes(pid);
  let peak = before;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssBytes(pid));
    } catch {
      // sampled once more at the end
    }
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, rssBytes(pid));
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

export const MiB = 1024 * 1024;

/** CPU seconds of each thread (task) of `pid`, by thread id (the main thread's is `pid`), with the thread's name. */
export function threadCpu(pid: number): Map<number, { name: string; s: number }> {
  const out = new Map<number, { name: string; s: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      out.set(Number(tid), statCpu(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/**
 * The CPU seconds `work` cost the process `pid`: its main thread, and its two busiest other threads
 * (with the embedded database, one of them is PGlite's).
 */
export async function threadCpuDuring<T>(pid: number, work: () => Promise<T>) {
  const before = threadCpu(pid);
  const result = await work();
  const spent = [...threadCpu(pid)].map(([tid, t]) => ({ tid, name: t.name, s: t.s - (before.get(tid)?.s ?? 0) }));
  const round2 = (x: number) => Math.round(x * 100) / 100;
  const main = spent.find((t) => t.tid === pid)?.s ?? 0;
  const others = spent.filter((t) => t.tid !== pid).sort((a, b) => b.s - a.s);
  return {
    result,
    cpu: {
      mainThreadS: round2(main),
      busiestOtherThreads: others.slice(0, 2).map((t) => ({ name: t.name, s: round2(t.s) })),
    },
  };
}
