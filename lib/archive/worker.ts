import "server-only";
import { Worker } from "node:worker_threads";
import { log } from "@/lib/log";
import type { HashAlgorithm } from "@/lib/provider/facts";

/**
 * SHA-256 and file writes of the archive on a worker thread, so the server thread that relays a
 * download to the browser spends no time on them (docs/architecture.md, "View"). One worker per
 * process, started on first use; each archived file is a job whose batches are hashed (and, with a
 * file, appended to it) in order. Batches are transferred, not copied, and come back for reuse.
 */

// Plain JavaScript run by the worker (`eval`): bundlers leave it alone, it needs only node: modules.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const { open } = require("node:fs/promises");
const jobs = new Map();
async function run(job, m) {
  if (m.op === "open") {
    job.hash = createHash("sha256");
    job.extra = m.extra ? createHash(m.extra) : null;
    job.bytes = 0;
    if (m.path) job.file = await open(m.path, "wx", 0o600);
    return null;
  }
  if (m.op === "write") {
    const data = new Uint8Array(m.data, 0, m.length);
    job.hash.update(data);
    if (job.extra) job.extra.update(data);
    job.bytes += data.byteLength;
    for (let at = 0; job.file && at < data.byteLength; ) at += (await job.file.write(data, at)).bytesWritten;
    return null;
  }
  if (m.op === "finish") {
    jobs.delete(m.id);
    if (job.file) {
      try {
        await job.file.sync();
      } finally {
        await job.file.close();
      }
    }
    const done = { sha256: job.hash.digest("hex"), bytes: job.bytes };
    return job.extra ? { ...done, extra: job.extra.digest("hex") } : done;
  }
  jobs.delete(m.id);
  if (job.file) await job.file.close().catch(() => undefined);
  return null;
}
parentPort.on("message", (m) => {
  let job = jobs.get(m.id);
  if (!job) jobs.set(m.id, (job = { chain: Promise.resolve(), failed: null }));
  // After a failure every later step of the job answers with it (a write that failed is not retried).
  // A batch's buffer goes back with the answer, to be filled again (the worker keeps no memory).
  const back = m.data ? [m.data] : [];
  job.chain = job.chain.then(async () => {
    try {
      if (job.failed && m.op !== "abort") throw job.failed;
      parentPort.postMessage({ req: m.req, value: await run(job, m), back: m.data }, back);
    } catch (err) {
      if (m.op === "open" || m.op === "abort") jobs.delete(m.id);
      else job.failed = err;
      parentPort.postMessage({ req: m.req, error: { message: String(err && err.message), code: err && err.code }, back: m.data }, back);
    }
  });
});
`;

type Reply = { req: number; value?: unknown; error?: { message: string; code?: string }; back?: ArrayBuffer };

/** Size of a batch buffer: one file write, one database row. */
export const BATCH_BYTES = 1024 * 1024;
/** Batch buffers kept for reuse: fresh ones would cost page faults, and the worker's returned ones its GC. */
const POOL_MAX = 8;
const pool: ArrayBuffer[] = [];

/** A buffer of BATCH_BYTES to fill and give to `HashJob.write`. */
export const takeBatchBuffer = (): ArrayBuffer => pool.pop() ?? new ArrayBuffer(BATCH_BYTES);
type Waiting = { resolve: (value: unknown) => void; reject: (err: Error) => void };

let current: { worker: Worker; waiting: Map<number, Waiting> } | undefined;
let nextReq = 0;
let nextJob = 0;

function worker() {
  if (current) return current;
  const waiting = new Map<number, Waiting>();
  const w = new Worker(WORKER_SOURCE, { eval: true, name: "archive" });
  const state = { worker: w, waiting };
  const failAll = (err: Error) => {
    if (current === state) current = undefined;
    for (const { reject } of waiting.values()) reject(err);
    waiting.clear();
  };
  w.on("message", (reply: Reply) => {
    const entry = waiting.get(reply.req);
    if (!entry) return;
    waiting.delete(reply.req);
    if (waiting.size === 0) w.unref();
    if (reply.back?.byteLength === BATCH_BYTES && pool.length < POOL_MAX) pool.push(reply.back);
    if (reply.error) entry.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    else entry.resolve(reply.value);
  });
  w.on("error", (err) => {
    log().error({ err }, "the archive worker failed");
    failAll(err);
  });
  w.on("exit", () => failAll(new Error("the archive worker exited")));
  // An idle worker does not keep the process alive; one with requests under way does.
  w.unref();
  current = state;
  return state;
}

function send(
  id: number,
  op: string,
  extra: { path?: string; extra?: HashAlgorithm; data?: ArrayBuffer; length?: number } = {},
): Promise<unknown> {
  const { worker: w, waiting } = worker();
  const req = nextReq++;
  return new Promise((resolve, reject) => {
    if (waiting.size === 0) w.ref();
    waiting.set(req, { resolve, reject });
    w.postMessage({ req, id, op, ...extra }, extra.data ? [extra.data] : []);
  });
}

export type HashJob = {
  /**
   * Hashes (and appends) the first `length` bytes of `data` after everything given before; `data` is given up (detached
   * at once).
   */
  write: (data: ArrayBuffer, length: number) => Promise<void>;
  /**
   * The hash and size of everything written (and the extra digest, if asked for); with a file, it is fsynced and closed
   * first.
   */
  finish: () => Promise<{ sha256: string; bytes: number; extra?: string }>;
  abort: () => Promise<void>;
};

/**
 * A new job on the worker: a hash, and with `path` a new file (created exclusively, mode 0600) the
 * batches are appended to. `extra`: a second digest of the same bytes in the same pass (the one a
 * provider's `hashvalue` names, lib/archive/facts.ts).
 */
export async function openHashJob(path?: string, extra?: HashAlgorithm): Promise<HashJob> {
  const id = nextJob++;
  await send(id, "open", { ...(path && { path }), ...(extra && { extra }) });
  return {
    write: async (data, length) => void (await send(id, "write", { data, length })),
    finish: async () => (await send(id, "finish")) as { sha256: string; bytes: number; extra?: string },
    abort: async () => void (await send(id, "abort")),
  };
}
