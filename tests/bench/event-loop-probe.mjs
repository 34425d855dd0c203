// Loaded into a server the bench starts (NODE_OPTIONS=--import <this file>): every 100 ms it
// appends one line to ARGE_PROBE_FILE with the longest event-loop delay since the last line, the
// process's RSS and where it goes (V8's heap in use and as reserved, memory outside it such as PGlite's WebAssembly
// memory, and the part of that held by array buffers), and a line for each garbage collection of
// 20 ms or more, so a benchmark can read what the server went through while it worked.
import { appendFileSync } from "node:fs";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

const file = process.env.ARGE_PROBE_FILE;
const mb = (bytes) => bytes / (1024 * 1024);
// The server's own thread only (a worker thread may load this file too).
if (file && isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    const line = {
      at: Date.now(),
      maxMs: delay.max / 1e6,
      rssMb: mb(m.rss),
      heapMb: mb(m.heapUsed),
      heapTotalMb: mb(m.heapTotal),
      externalMb: mb(m.external),
      arrayBuffersMb: mb(m.arrayBuffers),
    };
    delay.reset();
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 100);
  timer.unref();
  // Garbage collections long enough to count as a stall of their own are listed too.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration >= 20)
        appendFileSync(file, `${JSON.stringify({ at: Date.now(), gcMs: e.duration, gcKind: e.detail?.kind })}\n`);
  }).observe({ entryTypes: ["gc"] });
}
