// @ts-check
/**
 * The proof's worker thread (./worker.ts starts one per proof, through lib/handoffs/print/run-worker.ts): wrapping,
 * page breaks, drawing and writing the file. Plain JavaScript checked by TypeScript (`@ts-check`), loaded from disk as
 * written (lib/process/app-file.ts): pdf-lib from node_modules at run time, the letters' own line wrapping from
 * lib/handoffs/print/wrap.mjs. A4 in points, margins 18 mm; the standard fonts write Windows-1252, so other letters take their
 * base letter or "?".
 */
import { parentPort } from "node:worker_threads";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { wrapText } from "../../handoffs/print/wrap.mjs";

/** @typedef {import("./worker").Drawing} Drawing */
/** @typedef {import("pdf-lib").PDFFont} PDFFont */
/** @typedef {{ pdf: ArrayBuffer; error?: undefined } | { pdf?: undefined; error: string }} ProofAnswer */

const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
const MM = 72 / 25.4,
  W = 210 * MM,
  H = 297 * MM,
  LEFT = 18 * MM,
  WIDTH = W - 2 * LEFT,
  BOTTOM = 20 * MM;
const GREY = rgb(0.35, 0.35, 0.35);
/** @type {Record<string, string>} */
const BASE = { ł: "l", Ł: "L", đ: "d", Đ: "D", ı: "i", ħ: "h", ŧ: "t" };

/**
 * `text` in the letters the font knows: control characters become spaces, others their base letter or "?".
 * @param {string} text
 * @param {Set<number>} known
 */
function printable(text, known) {
  let out = "";
  for (const ch of text.replace(/[\u0000-\u001f\u007f]/g, " ")) {
    if (known.has(/** @type {number} */ (ch.codePointAt(0)))) {
      out += ch;
      continue;
    }
    const s = (BASE[ch] || ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")).split("");
    out += s.length > 0 && s.every((c) => known.has(/** @type {number} */ (c.codePointAt(0)))) ? s.join("") : "?";
  }
  return out;
}

/**
 * @param {string} text
 * @param {PDFFont} font
 * @param {number} size
 */
const wrap = (text, font, size) =>
  font.widthOfTextAtSize(text, size) <= WIDTH ? [text] : wrapText(text, (s) => font.widthOfTextAtSize(s, size), WIDTH);

/**
 * @param {Drawing} m
 * @returns {Promise<ArrayBuffer>}
 */
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
  /** A new page with the head line above a rule; `y`: where its first line stands. */
  const next = () => {
    const page = pdf.addPage([W, H]);
    let y = H - 14 * MM;
    page.drawText(head, { x: LEFT, y, size: 8.5, font: fonts.bold, color: GREY });
    y -= 2.5 * MM;
    page.drawLine({ start: { x: LEFT, y }, end: { x: LEFT + WIDTH, y }, thickness: 0.5, color: GREY });
    return { page, y: y - 6 * MM };
  };
  let { page, y } = next();
  for (const block of m.blocks) {
    const lines = block.lines.flatMap((l) => {
      const text = printable(l.text, known);
      return (l.keep ? [text] : wrap(text, fonts[l.font], l.size)).map((t, i) => ({
        ...l,
        text: t,
        right: i ? undefined : l.right,
      }));
    });
    const height = lines.reduce((h, l) => h + l.size * 1.35, 0) + 3 * MM;
    if (y - height < BOTTOM) ({ page, y } = next());
    for (const l of lines) {
      page.drawText(l.text, { x: LEFT, y, size: l.size, font: fonts[l.font] });
      if (l.right) {
        const right = printable(l.right, known);
        const x = LEFT + WIDTH - fonts.regular.widthOfTextAtSize(right, l.size);
        page.drawText(right, { x, y, size: l.size, font: fonts.regular });
      }
      y -= l.size * 1.35;
    }
    if (block.rule)
      page.drawLine({
        start: { x: LEFT, y: y + 0.5 * MM },
        end: { x: LEFT + WIDTH, y: y + 0.5 * MM },
        thickness: 0.25,
        color: GREY,
      });
    y -= 3 * MM;
  }
  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const text = "Seite " + (i + 1) + " von " + pages.length;
    p.drawText(text, {
      x: LEFT + WIDTH - fonts.regular.widthOfTextAtSize(text, 8),
      y: 10 * MM,
      size: 8,
      font: fonts.regular,
      color: GREY,
    });
  });
  const bytes = await pdf.save();
  return /** @type {ArrayBuffer} */ (
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer
  );
}

port.once("message", async (/** @type {Drawing} */ m) => {
  /** @type {ProofAnswer} */
  let answer;
  try {
    const pdf = await draw(m);
    answer = { pdf };
    port.postMessage(answer, [pdf]);
  } catch (err) {
    answer = { error: String(err && /** @type {{ stack?: unknown }} */ (err).stack) };
    port.postMessage(answer);
  }
});
