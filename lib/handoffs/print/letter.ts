import "server-only";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { qrRuns } from "@/lib/handoffs/print/qr";
import { wrapText } from "@/lib/handoffs/print/wrap.mjs";
import { eventLoopTurns } from "@/lib/register/turns";
import { assemblePrint, DEFAULT_LIMITS, type PrintLimits } from "@/lib/handoffs/print/worker";

/**
 * The printed hand-off (§6a HeizkostenV by post, issue #24): per resident a cover letter laid out
 * for a window envelope after DIN 5008 form B, followed by the pages of that resident's document,
 * all in one PDF to print and post. Measures in millimetres from the page's top left corner, as
 * the standard gives them; pdf-lib counts points from the bottom left.
 */

const MM = 72 / 25.4;
const PAGE = { width: 210 * MM, height: 297 * MM };
/**
 * Form B: the address field 45 mm from the top and 20 mm from the left, 85 x 45 mm; its first 17.7 mm for the return
 * line and notes.
 */
const FIELD = { left: 20, top: 45, width: 85, notes: 17.7, height: 45 };
/** The text's left edge and width (25 mm margin left, 20 mm right), the information block (date) at 125 mm. */
const TEXT = { left: 25, width: 165 };
const INFO = { left: 125, top: 50 };
/** The subject two lines below the address field; the letter's text below it. */
const SUBJECT_TOP = 98.5;
/** Fold marks (form B) and the hole mark, at the left edge. */
const MARKS = [105, 210, 148.5];
/** Lines of the address zone (DIN 5008: at most six, name included). */
const MAX_ADDRESS_LINES = 6;
/** A QR code's side: 30 mm keeps a module of a portal link's code near 1 mm, easy for a phone's camera. */
const QR_MM = 30;
/** The lowest a line of text may stand before the letter runs on to a new page. */
const BOTTOM_MM = 25;

/**
 * A paragraph of the letter's text, or a QR code of a link (drawn below the paragraph before it), or a QR code with
 * lines of text to its right (`beside`: the opt-in link's paragraph, which so takes the code's height only) and below
 * them `link` on one line, in a smaller size where it is long (never cut).
 */
export type Paragraph = string | { qr: string; beside?: string[]; link?: string };
/** The smallest size a link beside a QR code is written in. */
const LINK_MIN_SIZE = 6;

export type CoverLetter = {
  /** The letterhead: the sender's name, then lines such as its address and contact. */
  sender: string[];
  /** The return line above the address, small: "Hausverwaltung Muster · Musterweg 1 · 20095 Hamburg". */
  returnLine: string;
  /** The resident's name, once, then the postal address's lines. */
  address: string[];
  /** The date as it is to read ("25.11.2026"), in the information block. */
  date: string;
  subject: string;
  /** The letter's text; paragraphs are separated by an empty line, each wrapped to the text's width. */
  paragraphs: Paragraph[];
};

type Fonts = { regular: PDFFont; bold: PDFFont };

const top = (mm: number) => PAGE.height - mm * MM;

/**
 * A text the standard fonts can write: they know Windows-1252 only, so a letter outside it takes
 * its base letter ("ł" -> "l", "ğ" -> "g") rather than failing the whole print, and anything else
 * becomes "?". Control characters become spaces.
 */
export function printable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  const base: Record<string, string> = { ł: "l", Ł: "L", đ: "d", Đ: "D", ı: "i", ħ: "h", ŧ: "t" };
  let out = "";
  for (const ch of text.replace(/[\u0000-\u001f\u007f]/g, " ")) {
    const code = ch.codePointAt(0)!;
    if (known.has(code)) out += ch;
    else {
      const stripped = (base[ch] ?? ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")).split("");
      out += stripped.every((c) => known.has(c.codePointAt(0)!)) && stripped.length > 0 ? stripped.join("") : "?";
    }
  }
  return out;
}

/** Words to lines no wider than `width` points; a word wider than a line is cut (linear: wrap.mjs). */
export const wrap = (text: string, font: PDFFont, size: number, width: number): string[] =>
  wrapText(text, (s) => font.widthOfTextAtSize(s, size), width);

function drawMarks(page: PDFPage): void {
  for (const [i, mm] of MARKS.entries()) {
    const y = top(mm);
    page.drawLine({
      start: { x: 3 * MM, y },
      end: { x: (i === 2 ? 9 : 7) * MM, y },
      thickness: 0.5,
      color: rgb(0.4, 0.4, 0.4),
    });
  }
}

/** The return line and the address, bottom-aligned in their zones so they show through the window. */
function drawAddress(page: PDFPage, fonts: Fonts, letter: CoverLetter): void {
  const left = FIELD.left * MM + 5 * MM;
  const fieldWidth = FIELD.width * MM - 10 * MM;
  const returnLine = wrap(printable(letter.returnLine, fonts.regular), fonts.regular, 7, fieldWidth)[0] ?? "";
  page.drawText(returnLine, { x: left, y: top(FIELD.top + FIELD.notes) + 2 * MM, size: 7, font: fonts.regular });
  const lines = letter.address
    .map((l) => printable(l.trim(), fonts.regular))
    .filter(Boolean)
    .slice(0, MAX_ADDRESS_LINES);
  lines.forEach((line, i) => {
    const text = wrap(line, fonts.regular, 10, fieldWidth)[0] ?? "";
    page.drawText(text, {
      x: left,
      y: top(FIELD.top + FIELD.notes) - (i + 1) * 4.4 * MM,
      size: 10,
      font: fonts.regular,
    });
  });
}

/** The letterhead in the 45 mm above the address field: the name large, the other lines small. */
function drawHead(page: PDFPage, fonts: Fonts, sender: string[]): void {
  const [name, ...lines] = sender.map((l) => printable(l, fonts.regular));
  if (name)
    page.drawText(wrap(name, fonts.bold, 14, TEXT.width * MM)[0] ?? "", {
      x: TEXT.left * MM,
      y: top(20),
      size: 14,
      font: fonts.bold,
    });
  lines.slice(0, 3).forEach((line, i) => {
    page.drawText(wrap(line, fonts.regular, 9, TEXT.width * MM)[0] ?? "", {
      x: TEXT.left * MM,
      y: top(26 + i * 4.5),
      size: 9,
      font: fonts.regular,
    });
  });
}

/**
 * A QR code of `text` whose top left corner is at (`x`, `y`) points: its dark modules' runs as rectangles of one
 * filled path, in a content stream of its own. Drawn one pdf-lib rectangle each, 500 letters' codes took seconds of
 * the server's thread and over 600 MB (`npm run bench -- handoff.print`).
 */
export function drawQr(page: PDFPage, text: string, x: number, y: number): void {
  const { size, runs } = qrRuns(text);
  const cell = (QR_MM * MM) / size;
  const n = (v: number) => v.toFixed(3);
  const rects = runs.map(
    (r) => `${n(x + r.col * cell)} ${n(y - (r.row + 1) * cell)} ${n(r.length * cell)} ${n(cell)} re`,
  );
  const context = page.doc.context;
  page.node.addContentStream(context.register(context.flateStream(`q 0 g\n${rects.join("\n")}\nf Q\n`)));
}

/** One cover letter on a new page of `pdf`, with more pages when its text is long. */
export function addCoverLetter(pdf: PDFDocument, fonts: Fonts, letter: CoverLetter): void {
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  drawMarks(page);
  drawHead(page, fonts, letter.sender);
  drawAddress(page, fonts, letter);
  page.drawText(printable(letter.date, fonts.regular), {
    x: INFO.left * MM,
    y: top(INFO.top),
    size: 10,
    font: fonts.regular,
  });
  let y = top(SUBJECT_TOP);
  for (const line of wrap(printable(letter.subject, fonts.bold), fonts.bold, 11, TEXT.width * MM)) {
    page.drawText(line, { x: TEXT.left * MM, y, size: 11, font: fonts.bold });
    y -= 5.5 * MM;
  }
  y -= 5 * MM;
  // Room for `height` points below the line at y, else a new page.
  const room = (height: number) => {
    if (y - height >= BOTTOM_MM * MM) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = top(25);
  };
  for (const paragraph of letter.paragraphs) {
    if (typeof paragraph !== "string" && paragraph.beside) {
      room((QR_MM + 2) * MM);
      drawQr(page, paragraph.qr, TEXT.left * MM, y + 2 * MM);
      const left = (TEXT.left + QR_MM + 5) * MM;
      const width = (TEXT.width - QR_MM - 5) * MM;
      let ty = y;
      for (const text of paragraph.beside)
        for (const line of wrap(printable(text, fonts.regular), fonts.regular, 10.5, width)) {
          page.drawText(line, { x: left, y: ty, size: 10.5, font: fonts.regular });
          ty -= 5 * MM;
        }
      if (paragraph.link) {
        const link = printable(paragraph.link, fonts.regular);
        let size = 10.5;
        while (size > LINK_MIN_SIZE && fonts.regular.widthOfTextAtSize(link, size) > width) size -= 0.5;
        page.drawText(link, { x: left, y: ty, size, font: fonts.regular });
        ty -= 5 * MM;
      }
      y = Math.min(y - (QR_MM + 5) * MM, ty - 3 * MM);
      continue;
    }
    if (typeof paragraph !== "string") {
      room((QR_MM + 2) * MM);
      drawQr(page, paragraph.qr, TEXT.left * MM, y + 2 * MM);
      y -= (QR_MM + 5) * MM;
      continue;
    }
    for (const line of wrap(printable(paragraph, fonts.regular), fonts.regular, 10.5, TEXT.width * MM)) {
      room(0);
      page.drawText(line, { x: TEXT.left * MM, y, size: 10.5, font: fonts.regular });
      y -= 5 * MM;
    }
    y -= 3 * MM;
  }
}

/** A letter and the document it covers; a letter alone (the portal's link) has none. */
export type PrintItem = { letter: CoverLetter; document: Uint8Array | null };

/**
 * The cover letters alone, in one PDF, and each letter's pages in it (first, end), drawn on the
 * server's thread with a turn of the event loop every 20 ms (about 5 ms a letter); the documents'
 * pages join them on a worker (worker.ts).
 */
export async function drawLetters(letters: CoverLetter[]): Promise<{ pdf: Uint8Array; ranges: [number, number][] }> {
  const pdf = await PDFDocument.create();
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const ranges: [number, number][] = [];
  const turn = eventLoopTurns();
  for (const letter of letters) {
    const first = pdf.getPageCount();
    addCoverLetter(pdf, fonts, letter);
    ranges.push([first, pdf.getPageCount()]);
    await turn();
  }
  return { pdf: await pdf.save(), ranges };
}

/**
 * One PDF with each item's cover letter followed by its document's pages, in the given order,
 * assembled on a worker within `limits` (print-worker.ts). A document pdf-lib cannot read
 * (damaged, encrypted) fails the whole print with its position, so nobody posts a letter whose
 * document is missing. The documents' bytes are handed over to the worker (detached here).
 */
export async function printBundle(
  items: PrintItem[],
  title: string,
  limits: PrintLimits = DEFAULT_LIMITS,
): Promise<Uint8Array> {
  const letters = await drawLetters(items.map((i) => i.letter));
  return assemblePrint(
    {
      title,
      letters: letters.pdf,
      items: items.map((item, i) => ({ pages: letters.ranges[i]!, document: item.document })),
    },
    limits,
  );
}
