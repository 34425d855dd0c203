import "server-only";
import { Worker } from "node:worker_threads";

/**
 * One PDF made on a fresh worker thread (the print's and the proof's): within a time budget and a
 * heap, ended when `signal` aborts; settles once, and the worker is ended whatever the outcome.
 * The worker answers `{pdf}` or `{error}`; `errors` turns each way of failing into the caller's error.
 */
export type PdfWorker = {
  /** The worker's module, a file of the app (lib/process/app-file.ts). */
  file: string;
  name: string;
  heapMb: number;
  budgetMs: number;
  signal?: AbortSignal;
  /** Hands the worker its task (a throw here fails the run). */
  post: (worker: Worker) => void;
  errors: { tooSlow: () => Error; cancelled: () => Error; outOfMemory: () => Error; failed: (error: never) => Error };
};

export function runPdfWorker(o: PdfWorker): Promise<Uint8Array> {
  const { signal, errors } = o;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(errors.cancelled());
    const worker = new Worker(o.file, {
      name: o.name,
      resourceLimits: { maxOldGenerationSizeMb: o.heapMb },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(errors.tooSlow())), o.budgetMs);
    const onAbort = () => settle(() => reject(errors.cancelled()));
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.on("message", (m: { pdf?: ArrayBuffer; error?: never }) =>
      settle(() => (m.pdf ? resolve(new Uint8Array(m.pdf)) : reject(errors.failed(m.error!)))),
    );
    // Out of its heap: the task is too much for one PDF. Anything else is our fault (a 500).
    worker.on("error", (err: Error & { code?: string }) =>
      settle(() => reject(err.code === "ERR_WORKER_OUT_OF_MEMORY" ? errors.outOfMemory() : err)),
    );
    worker.on("exit", (code) =>
      settle(() => reject(new Error(`the ${o.name} worker exited with ${code} before its answer`))),
    );
    try {
      o.post(worker);
    } catch (err) {
      settle(() => reject(err));
    }
  });
}
