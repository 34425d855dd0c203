import "server-only";
import { runPdfWorker } from "@/lib/residents/print/run-worker";
import { AppError } from "@/lib/errors";
import { pdfPlace } from "@/lib/residents/print/places";
import { wrapSource } from "@/lib/residents/print/wrap";

/**
 * The proof's PDF made on a worker thread (as the print's pages are, lib/residents/print/worker.ts): the server's
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

// Plain JavaScript run by the worker (`eval`), as the print's: pdf-lib from node_modules at run time. A4 in points,
// margins 18 mm; the standard fonts write Windows-1252, so other letters take their base letter or "?".
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { PDFDocument, StandardFonts, rgb } = require("pdf-lib");
const MM = 72 / 25.4, W = 210 * MM, H = 297 * MM, LEFT = 18 * MM, WIDTH = W - 2 * LEFT, BOTTOM = 20 * MM;
const GREY = rgb(0.35, 0.35, 0.35);
const BASE = { "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ı": "i", "ħ": "h", "ŧ": "t" };
function printable(text, known) {
  let out = "";
  for (const ch of text.replace(/[\\u0000-\\u001f\\u007f]/g, " ")) {
    if (known.has(ch.codePointAt(0))) { out += ch; continue; }
    const s = (BASE[ch] || ch.normalize("NFKD").replace(/[\\u0300-\\u036f]/g, "")).split("");
    out += s.length > 0 && s.every((c) => known.has(c.codePointAt(0))) ? s.join("") : "?";
  }
  return out;
}
${wrapSource}
const wrap = (text, font, size) =>
  font.widthOfTextAtSize(text, size) <= WIDTH ? [text] : wrapText(text, (s) => font.widthOfTextAtSize(s, size), WIDTH);
async function draw(m) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(m.title);
  pdf.setProducer("arge-inbox");
  pdf.setCreator("arge-inbox");
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  const known = new Set(fonts.regular.getCharacterSet());
  const head = wrap(printable(m.head, known), fonts.bold, 8.5)[0] || "";
  let page, y;
  const next = () => {
    page = pdf.addPage([W, H]);
    y = H - 14 * MM;
    page.drawText(head, { x: LEFT, y, size: 8.5, font: fonts.bold, color: GREY });
    y -= 2.5 * MM;
    page.drawLine({ start: { x: LEFT, y }, end: { x: LEFT + WIDTH, y }, thickness: 0.5, color: GREY });
    y -= 6 * MM;
  };
  next();
  for (const block of m.blocks) {
    const lines = block.lines.flatMap((l) => {
      const text = printable(l.text, known);
      return (l.keep ? [text] : wrap(text, fonts[l.font], l.size)).map((t, i) => ({ ...l, text: t, right: i ? undefined : l.right }));
    });
    const height = lines.reduce((h, l) => h + l.size * 1.35, 0) + 3 * MM;
    if (y - height < BOTTOM) next();
    for (const l of lines) {
      page.drawText(l.text, { x: LEFT, y, size: l.size, font: fonts[l.font] });
      if (l.right) {
        const right = printable(l.right, known);
        const x = LEFT + WIDTH - fonts.regular.widthOfTextAtSize(right, l.size);
        page.drawText(right, { x, y, size: l.size, font: fonts.regular });
      }
      y -= l.size * 1.35;
    }
    if (block.rule) page.drawLine({ start: { x: LEFT, y: y + 0.5 * MM }, end: { x: LEFT + WIDTH, y: y + 0.5 * MM }, thickness: 0.25, color: GREY });
    y -= 3 * MM;
  }
  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const text = "Seite " + (i + 1) + " von " + pages.length;
    p.drawText(text, { x: LEFT + WIDTH - fonts.regular.widthOfTextAtSize(text, 8), y: 10 * MM, size: 8, font: fonts.regular, color: GREY });
  });
  const bytes = await pdf.save();
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
}
parentPort.once("message", async (m) => {
  try {
    const pdf = await draw(m);
    parentPort.postMessage({ pdf }, [pdf]);
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.stack) });
  }
});
`;

const failed = (code: string, key: "handoffProof.tooSlow" | "handoffProof.tooLarge" | "handoffProof.cancelled") =>
  new AppError(code === "proof_cancelled" ? 499 : 422, code, key, { vars: { seconds: PROOF_BUDGET_MS / 1000 } });

/** Runs one drawing on a fresh worker (lib/residents/print/run-worker.ts). */
function runWorker(drawing: Drawing, signal?: AbortSignal): Promise<Uint8Array> {
  return runPdfWorker({
    source: WORKER_SOURCE,
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

/** The proof's PDF, drawn on a worker in one of `owner`'s PDF places (lib/residents/print/places.ts). */
export async function drawProof(drawing: Drawing, owner: string, signal?: AbortSignal): Promise<Uint8Array> {
  const release = await pdfPlace(owner, () => failed("proof_cancelled", "handoffProof.cancelled"), signal);
  try {
    return await runWorker(drawing, signal);
  } finally {
    release();
  }
}
