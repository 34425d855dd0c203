import "server-only";
import { Worker } from "node:worker_threads";
import { log } from "@/lib/log";
import type { HashAlgorithm } from "@/lib/provider/facts";
import { appFile } from "@/lib/process/app-file";
import type { HashAsk, HashDone, HashReply } from "./hash-thread.mjs";

/**
 * SHA-256 and file writes of the archive on a worker thread, so the server thread that relays a
 * download to the browser spends no time on them (docs/architecture.md, "View"). One worker per
 * process, started on first use; each archived file is a job whose batches are hashed (and, with a
 * file, appended to it) in order. Batches are transferred, not copied, and come back for reuse.
 */

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
  const w = new Worker(appFile("lib", "archive", "hash-thread.mjs"), { name: "archive" });
  const state = { worker: w, waiting };
  const failAll = (err: Error) => {
    if (current === state) current = undefined;
    for (const { reject } of waiting.values()) reject(err);
    waiting.clear();
  };
  w.on("message", (reply: HashReply) => {
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

function send(id: number, op: HashAsk["op"], extra: Omit<HashAsk, "req" | "id" | "op"> = {}): Promise<unknown> {
  const { worker: w, waiting } = worker();
  const req = nextReq++;
  return new Promise((resolve, reject) => {
    if (waiting.size === 0) w.ref();
    waiting.set(req, { resolve, reject });
    const ask: HashAsk = { req, id, op, ...extra };
    w.postMessage(ask, extra.data ? [extra.data] : []);
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
  finish: () => Promise<HashDone>;
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
    finish: async () => (await send(id, "finish")) as HashDone,
    abort: async () => void (await send(id, "abort")),
  };
}
