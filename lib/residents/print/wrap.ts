/**
 * Words to lines no wider than `width`, for the letters (letter.ts, on the server's thread) and the proof (its worker
 * takes this function's own source: `wrapSource`). Linear in the text's length: a word is measured once, and a word
 * wider than a line is cut by adding up its characters' widths, not by measuring every shorter prefix (that was cubic:
 * a 2,000-character host name in a portal link held the thread 5 s, issue #44).
 *
 * Self-contained on purpose (no imports, nothing from outside its body), so that `wrapSource` runs as written.
 */
export function wrapText(text: string, widthOf: (s: string) => number, width: number): string[] {
  const lines: string[] = [];
  const space = widthOf(" ");
  const chars = new Map<string, number>();
  const charWidth = (ch: string) => {
    let w = chars.get(ch);
    if (w === undefined) chars.set(ch, (w = widthOf(ch)));
    return w;
  };
  let line = "";
  let used = 0;
  for (const word of text.split(/\s+/)) {
    if (!word) continue;
    const w = widthOf(word);
    if (line && used + space + w <= width) {
      line += ` ${word}`;
      used += space + w;
      continue;
    }
    if (line) lines.push(line);
    if (w <= width) {
      line = word;
      used = w;
      continue;
    }
    // Wider than a line: cut where the characters' widths add up to more than the line holds (at least one each).
    line = "";
    used = 0;
    for (const ch of word) {
      const c = charWidth(ch);
      if (line && used + c > width) {
        lines.push(line);
        line = "";
        used = 0;
      }
      line += ch;
      used += c;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** `wrapText` as JavaScript source, for a worker's `eval` source (lib/views/proof/worker.ts). */
export const wrapSource = `const wrapText = ${wrapText.toString()};`;
