// @ts-check
/**
 * The archive's worker thread (./worker.ts starts it): each job's batches hashed and, with a file, appended to it, in
 * order. Plain JavaScript checked by TypeScript (`@ts-check`, tsconfig `allowJs`), loaded from disk as it is written (lib/process/
 * app-file.ts): the bundler never sees it, and it needs only node: modules.
 */
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { parentPort } from "node:worker_threads";

/**
 * What the server thread asks: `id` names the job, `req` the answer.
 * @typedef {{ req: number; id: number; op: "open" | "write" | "finish" | "abort"; path?: string;
 *   extra?: import("@/lib/db/schema/delivery").HashAlgorithm; data?: ArrayBuffer; length?: number }} HashAsk
 */
/**
 * The answer to one ask; a batch's buffer goes back with it, to be filled again.
 * @typedef {{ req: number; value?: unknown; error?: { message: string; code?: string }; back?: ArrayBuffer }} HashReply
 */
/** @typedef {{ sha256: string; bytes: number; extra?: string }} HashDone */
/**
 * @typedef {{ chain: Promise<void>; failed: unknown; hash?: import("node:crypto").Hash;
 *   extra?: import("node:crypto").Hash | null; bytes?: number; file?: import("node:fs/promises").FileHandle }} Job
 */

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
/** @type {Map<number, Job>} */
const jobs = new Map();

/**
 * @param {Job} job
 * @param {HashAsk} m
 * @returns {Promise<HashDone | null>}
 */
async function run(job, m) {
  if (m.op === "open") {
    job.hash = createHash("sha256");
    job.extra = m.extra ? createHash(m.extra) : null;
    job.bytes = 0;
    if (m.path) job.file = await open(m.path, "wx", 0o600);
    return null;
  }
  const hash = /** @type {import("node:crypto").Hash} */ (job.hash);
  if (m.op === "write") {
    const data = new Uint8Array(/** @type {ArrayBuffer} */ (m.data), 0, m.length);
    hash.update(data);
    if (job.extra) job.extra.update(data);
    job.bytes = (job.bytes ?? 0) + data.byteLength;
    for (let at = 0; job.file && at < data.byteLength;) at += (await job.file.write(data, at)).bytesWritten;
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
    const done = { sha256: hash.digest("hex"), bytes: job.bytes ?? 0 };
    return job.extra ? { ...done, extra: job.extra.digest("hex") } : done;
  }
  jobs.delete(m.id);
  if (job.file) await job.file.close().catch(() => undefined);
  return null;
}

port.on("message", (/** @type {HashAsk} */ m) => {
  let job = jobs.get(m.id);
  if (!job) jobs.set(m.id, (job = { chain: Promise.resolve(), failed: null }));
  const held = job;
  // After a failure every later step of the job answers with it (a write that failed is not retried).
  // A batch's buffer goes back with the answer, to be filled again (the worker keeps no memory).
  const back = m.data ? [m.data] : [];
  /** @param {HashReply} r */
  const reply = (r) => port.postMessage(r, back);
  held.chain = held.chain.then(async () => {
    try {
      if (held.failed && m.op !== "abort") throw held.failed;
      reply({ req: m.req, value: await run(held, m), back: m.data });
    } catch (err) {
      if (m.op === "open" || m.op === "abort") jobs.delete(m.id);
      else held.failed = err;
      const e = /** @type {{ message?: unknown; code?: string } | null | undefined} */ (err);
      reply({ req: m.req, error: { message: String(e && e.message), code: e ? e.code : undefined }, back: m.data });
    }
  });
});
