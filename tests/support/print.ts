/** Helpers of the print's HTTP tests (POST /api/handoffs/print, tests/integration/handoffs-portal.test.ts). */
import { PDFDocument } from "pdf-lib";
import type { Session } from "./session";

/**
 * MAX_PRINT_PAGES of lib/residents/print/worker.ts: a test cannot import server-only code, so the
 * 422's message is asserted to name this same number.
 */
export const MAX_PRINT_PAGES = 5000;

/** A PDF of `pages` empty pages as base64, for the sandbox state: a few bytes a page, however many. */
export async function emptyPagesBase64(pages: number): Promise<string> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([100, 100]);
  return Buffer.from(await pdf.save()).toString("base64");
}

/** The pages of a PDF answer. */
export const pageCount = async (pdf: ArrayBuffer) => (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();

/** The print as the month page asks for it: a POST with a JSON body; `origin` sends that Origin header. */
export function postPrint(session: Session, body: { property: string; month: string }, init: { origin?: string; signal?: AbortSignal } = {}) {
  return fetch(`${session.base}/api/handoffs/print`, {
    method: "POST",
    headers: { Cookie: session.cookie, "content-type": "application/json", ...(init.origin && { Origin: init.origin }) },
    body: JSON.stringify(body),
    signal: init.signal,
  });
}

/** Milliseconds of each `GET /api/health` asked one after another while `busy()` holds, at most `max`. */
export async function healthTimes(base: string, busy: () => boolean, max = 5): Promise<number[]> {
  const times: number[] = [];
  while (busy() && times.length < max) {
    const started = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    times.push(Math.round(performance.now() - started));
    await new Promise((r) => setTimeout(r, 50));
  }
  return times;
}
