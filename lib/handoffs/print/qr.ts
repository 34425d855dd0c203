import qrcode from "qrcode-generator";

/**
 * A QR code's dark modules as horizontal runs, for drawing with rectangles (letter.ts): the printed
 * letter's portal link, so nobody types its 43-character token. Error correction M survives a
 * folded or smudged letter; the version grows with the text.
 */
export type QrRun = { row: number; col: number; length: number };

export function qrRuns(text: string): { size: number; runs: QrRun[] } {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const size = qr.getModuleCount();
  const runs: QrRun[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!qr.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && qr.isDark(row, col)) col++;
      runs.push({ row, col: start, length: col - start });
    }
  }
  return { size, runs };
}

/**
 * Whether `text` fits the largest QR code (version 40 at correction M: 2,331 bytes): checked before a print claims
 * anything, so a link too long for its code fails no letter half-drawn.
 */
export function qrFits(text: string): boolean {
  try {
    const qr = qrcode(0, "M");
    qr.addData(text, "Byte");
    qr.make();
    return true;
  } catch {
    return false;
  }
}
