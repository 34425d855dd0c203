// @ts-check
/**
 * The print's worker thread (./worker.ts starts one per print, through ./run-worker.ts): first every document is read
 * and its pages counted (none kept), then letters and documents are copied in order. Plain JavaScript checked by
 * TypeScript (`@ts-check`), loaded from disk as written (lib/process/app-file.ts): pdf-lib is found in the project's
 * node_modules at run time.
 */
import { parentPort } from "node:worker_threads";
import { PDFDocument } from "pdf-lib";

/**
 * The print's task: the cover letters' PDF, per item its letter's pages there ([first, end)) and its document.
 * @typedef {{ title: string; maxPages: number; letters: ArrayBuffer; ranges: [number, number][];
 *   documents: (ArrayBuffer | null)[] }} PrintTask
 */
/** @typedef {{ pdf: ArrayBuffer; error?: undefined } | { pdf?: undefined; error: { code: string; message: string } }} PrintAnswer */

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
/**
 * @param {string} code
 * @param {string} message
 */
const coded = (code, message) => Object.assign(new Error(message), { code });
/** @param {unknown} err */
const messageOf = (err) => String(err && /** @type {{ message?: unknown }} */ (err).message);

/**
 * @param {Uint8Array} bytes
 * @param {number} i
 */
async function load(bytes, i) {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (err) {
    throw coded("unreadable", "document " + (i + 1) + " of the print could not be read as a PDF: " + messageOf(err));
  }
}

/**
 * @param {PrintTask} m
 * @returns {Promise<ArrayBuffer>}
 */
async function assemble(m) {
  let pages = m.ranges.length ? m.ranges[m.ranges.length - 1][1] : 0;
  for (const [i, doc] of m.documents.entries()) {
    if (pages > m.maxPages) break;
    if (doc) pages += (await load(new Uint8Array(doc), i)).getPageCount();
  }
  if (pages > m.maxPages) throw coded("too_many_pages", "the print has more than " + m.maxPages + " pages");
  const out = await PDFDocument.create();
  out.setTitle(m.title);
  out.setProducer("arge-inbox");
  out.setCreator("arge-inbox");
  const letters = await PDFDocument.load(new Uint8Array(m.letters));
  const letterPages = await out.copyPages(letters, letters.getPageIndices());
  for (const [i, [first, end]] of m.ranges.entries()) {
    for (let p = first; p < end; p++) out.addPage(letterPages[p]);
    const doc = m.documents[i];
    if (!doc) continue;
    const source = await load(new Uint8Array(doc), i);
    for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
  }
  const bytes = await out.save();
  return /** @type {ArrayBuffer} */ (
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer
  );
}

port.once("message", async (/** @type {PrintTask} */ m) => {
  /** @type {PrintAnswer} */
  let answer;
  try {
    const pdf = await assemble(m);
    answer = { pdf };
    port.postMessage(answer, [pdf]);
  } catch (err) {
    const code = /** @type {{ code?: string } | null | undefined} */ (err)?.code || "unreadable";
    answer = { error: { code, message: messageOf(err) } };
    port.postMessage(answer);
  }
});
