import "server-only";
import { runPdfWorker } from "@/lib/handoffs/print/run-worker";
import { AppError } from "@/lib/errors";
import { pdfPlace } from "@/lib/handoffs/print/places";
import { appFile } from "@/lib/process/app-file";

/**
 * The proof's PDF made on a worker thread (as the print's pages are, lib/handoffs/print/worker.ts): the server's
 * thread only words the lines; wrapping, page breaks, drawing and writing the file happen here, with a heap limit,
 * a time budget and an end when the client leaves. 10,000 lines took seconds on one thread (docs/scale.md).
 */

/** A line of the proof: its words, font and size; `right` stands at the right edge of its first line; `keep`: never wrapped (the hash). */
export type DrawLine = {
  text: string;
  font: "regular" | "bold" | "mono";
  size: number;
  right?: string;
  keep?: boolean;
};
/** The proof as the worker draws it: blocks are never split over pages; `rule` draws a line below one. */
export type Drawing = { title: string; head: string; blocks: { lines: DrawLine[]; rule: boolean }[] };

export const PROOF_BUDGET_MS = 60_000;
const WORKER_HEAP_MB = 256;

const failed = (
  code: "proof_too_slow" | "proof_too_large" | "proof_cancelled",
  key: "handoffProof.tooSlow" | "handoffProof.tooLarge" | "handoffProof.cancelled",
) => new AppError(code === "proof_cancelled" ? 499 : 422, code, key, { vars: { seconds: PROOF_BUDGET_MS / 1000 } });

/** Runs one drawing on a fresh worker (lib/handoffs/print/run-worker.ts). */
function runWorker(drawing: Drawing, signal?: AbortSignal): Promise<Uint8Array> {
  return runPdfWorker({
    file: appFile("lib", "views", "proof", "proof-thread.mjs"),
    name: "proof",
    heapMb: WORKER_HEAP_MB,
    budgetMs: PROOF_BUDGET_MS,
    signal,
    errors: {
      tooSlow: () => failed("proof_too_slow", "handoffProof.tooSlow"),
      cancelled: () => failed("proof_cancelled", "handoffProof.cancelled"),
      outOfMemory: () => failed("proof_too_large", "handoffProof.tooLarge"),
      failed: (e: string) => new Error(`the proof worker failed: ${e}`),
    },
    post: (worker) => worker.postMessage(drawing),
  });
}

/** The proof's PDF, drawn on a worker in one of `owner`'s PDF places (lib/handoffs/print/places.ts). */
export async function drawProof(drawing: Drawing, owner: string, signal?: AbortSignal): Promise<Uint8Array> {
  const release = await pdfPlace(owner, () => failed("proof_cancelled", "handoffProof.cancelled"), signal);
  try {
    return await runWorker(drawing, signal);
  } finally {
    release();
  }
}
