import "server-only";
import { appFile } from "@/lib/process/app-file";
import { pdfPlace } from "./places";
import type { PrintTask } from "./print-thread.mjs";
import { runPdfWorker } from "./run-worker";

/**
 * The print's PDF work off the server's thread, one worker per print with a heap limit and a time
 * budget: it counts every page before copying one and ends when the client leaves, so a hostile
 * document ends the worker, never the server (docs/scale.md, issue #32).
 */

/** Pages in one print, letters and documents: a UVI has one or two, so 500 letters stay far below. */
export const MAX_PRINT_PAGES = 5000;
/** How long one print may take on its worker; a few hundred ordinary letters take seconds. */
export const PRINT_BUDGET_MS = 60_000;
/** The worker's heap: 200 MB of documents fit; a document that needs more ends the worker. */
const WORKER_HEAP_MB = 512;

/** `owner`: whose place among the process's PDF places (places.ts) the print takes. */
export type PrintLimits = { maxPages: number; budgetMs: number; signal?: AbortSignal; owner?: string };
export const DEFAULT_LIMITS: PrintLimits = { maxPages: MAX_PRINT_PAGES, budgetMs: PRINT_BUDGET_MS };

/** Why an assembly stopped: print.ts tells the person. */
export type PrintFailureCode = "too_many_pages" | "unreadable" | "too_slow" | "too_complex" | "cancelled";
export class PrintFailure extends Error {
  constructor(
    readonly code: PrintFailureCode,
    message: string,
  ) {
    super(message);
    this.name = "PrintFailure";
  }
}

export type Assembly = {
  title: string;
  /** The cover letters' PDF (letter.ts) and, per item, its letter's pages there and its document. */
  letters: Uint8Array;
  items: { pages: [number, number]; document: Uint8Array | null }[];
};

const CODES: readonly string[] = ["too_many_pages", "unreadable"] satisfies PrintFailureCode[];
const cancelled = () => new PrintFailure("cancelled", "the client left before the print was made");

/** Bytes as an ArrayBuffer of their own, to hand over to the worker without a copy where possible. */
const own = (b: Uint8Array): ArrayBuffer =>
  b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer
    ? b.buffer
    : b.slice().buffer;

/** Runs one assembly on a fresh worker (./run-worker.ts). */
function runWorker(a: Assembly, limits: PrintLimits): Promise<Uint8Array> {
  const fail = (code: PrintFailureCode, message: string) => new PrintFailure(code, message);
  return runPdfWorker({
    file: appFile("lib", "handoffs", "print", "print-thread.mjs"),
    name: "print",
    heapMb: WORKER_HEAP_MB,
    budgetMs: limits.budgetMs,
    signal: limits.signal,
    errors: {
      tooSlow: () => fail("too_slow", `the print took more than ${limits.budgetMs} ms`),
      cancelled,
      outOfMemory: () => fail("too_complex", "the print worker ran out of memory"),
      failed: (e: { code: string; message: string }) =>
        fail(CODES.includes(e.code) ? (e.code as PrintFailureCode) : "unreadable", e.message),
    },
    post: (worker) => {
      const documents = a.items.map((i) => (i.document ? own(i.document) : null));
      const letters = own(a.letters);
      const message: PrintTask = {
        title: a.title,
        maxPages: limits.maxPages,
        letters,
        ranges: a.items.map((i) => i.pages),
        documents,
      };
      // One document's bytes may stand behind two letters: each buffer is handed over once.
      worker.postMessage(message, [...new Set([letters, ...documents.filter((d) => d !== null)])]);
    },
  });
}

/**
 * The print's PDF: each item's letter pages, then its document's pages, assembled on a worker. The
 * documents' buffers are handed over (detached here). Throws PrintFailure: over `maxPages` (counted
 * before any page is copied), unreadable, over the time budget, the worker's heap exceeded, or the
 * client gone (`signal`).
 */
export async function assemblePrint(a: Assembly, limits: PrintLimits): Promise<Uint8Array> {
  const release = await pdfPlace(limits.owner ?? "", cancelled, limits.signal);
  try {
    return await runWorker(a, limits);
  } finally {
    release();
  }
}
