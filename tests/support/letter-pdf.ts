/**
 * The printed letters read back as a printer and a phone would (tests/integration/handoffs/handoffs-print.test.ts): the text
 * inside the window envelope's address field, by poppler's pdftotext cropped to it, and the QR codes of a page,
 * rendered by poppler's pdftoppm and decoded by jsQR.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";

const MM = 72 / 25.4;
/** DIN 5008 form B's address field: 20 mm from the left, 45 mm from the top, 85 x 45 mm (return line included). */
export const ADDRESS_FIELD = { left: 20, top: 45, width: 85, height: 45 };

function withFile<T>(pdf: Uint8Array, read: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), "letter-pdf-"));
  try {
    const file = path.join(dir, "print.pdf");
    writeFileSync(file, pdf);
    return read(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of page `page` (0-based) inside `box` (millimetres from the top left), lines as laid out. */
export function textIn(pdf: Uint8Array, page: number, box = ADDRESS_FIELD): string[] {
  const [x, y, w, h] = [box.left, box.top, box.width, box.height].map((mm) => String(Math.round(mm * MM)));
  const n = String(page + 1);
  const r = withFile(pdf, (file) =>
    spawnSync("pdftotext", ["-f", n, "-l", n, "-x", x!, "-y", y!, "-W", w!, "-H", h!, "-layout", file, "-"], {
      encoding: "utf8",
    }),
  );
  assert.equal(r.status, 0, r.stderr);
  return r.stdout
    .split("\n")
    .map((l) => l.replace(/\f/g, "").trim())
    .filter(Boolean);
}

/**
 * The texts of the QR codes on page `page` (0-based), top to bottom, decoded from the page rendered at 150 dpi: jsQR
 * finds one code in an image, so a page with several (a post letter's portal link and its opt-in link) is read in
 * squares along the text's left edge, each code once.
 */
export function qrCodesOn(pdf: Uint8Array, page: number): string[] {
  const n = String(page + 1);
  const pgm = withFile(pdf, (file, dir) => {
    const out = path.join(dir, "page");
    const r = spawnSync("pdftoppm", ["-gray", "-r", "150", "-f", n, "-l", n, "-singlefile", file, out]);
    assert.equal(r.status, 0, String(r.stderr));
    return readFileSync(`${out}.pgm`);
  });
  // Binary PGM: "P5", width, height, maximum, one byte a pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 50).toString("latin1"));
  assert.ok(header, "a binary PGM");
  const [width, height] = [Number(header[1]), Number(header[2])];
  const grey = pgm.subarray(header[0].length);
  const decode = (top: number, rows: number, left = 0, cols = width) => {
    const rgba = new Uint8ClampedArray(cols * rows * 4);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const v = grey[(top + r) * width + left + c]!;
        rgba.set([v, v, v, 255], (r * cols + c) * 4);
      }
    return jsQR(rgba, cols, rows)?.data ?? null;
  };
  const px = (mm: number) => Math.round((mm / 25.4) * 150);
  // The letters draw their 30 mm codes at the text's left edge (25 mm): squares of 40 mm from 20 mm, moved down by
  // 10 mm, each hold one code whole; the whole page is read only when they find none.
  const found: string[] = [];
  for (let top = 0; top + px(40) <= height; top += px(10)) {
    const text = decode(top, px(40), px(20), px(40));
    if (text !== null && !found.includes(text)) found.push(text);
  }
  if (found.length > 0) return found;
  const whole = decode(0, height);
  return whole === null ? [] : [whole];
}

/** The text of the topmost QR code on page `page` (0-based); `null`: none found. */
export const qrCodeOn = (pdf: Uint8Array, page: number): string | null => qrCodesOn(pdf, page)[0] ?? null;
