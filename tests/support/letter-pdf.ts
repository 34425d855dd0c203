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

/** The text a QR code on page `page` (0-based) holds, decoded from the page rendered at 150 dpi; `null`: none found. */
export function qrCodeOn(pdf: Uint8Array, page: number): string | null {
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
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba.set([grey[i]!, grey[i]!, grey[i]!, 255], i * 4);
  }
  return jsQR(rgba, width, height)?.data ?? null;
}
