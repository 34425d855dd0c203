// @ts-check
/**
 * Words to lines no wider than `width`, for the letters (letter.ts, on the server's thread) and the proof (its worker,
 * lib/views/proof/proof-thread.mjs): plain JavaScript checked by TypeScript, so that the worker, loaded from disk
 * as written, imports the same file the bundler gives the server. Linear in the text's length: a word is measured
 * once, and a word wider than a line is cut by adding up its characters' widths, not by measuring every shorter prefix
 * (that was cubic: a 2,000-character host name in a portal link held the thread 5 s, issue #44).
 *
 * @param {string} text
 * @param {(s: string) => number} widthOf
 * @param {number} width
 * @returns {string[]}
 */
export function wrapText(text, widthOf, width) {
  /** @type {string[]} */
  const lines = [];
  const space = widthOf(" ");
  /** @type {Map<string, number>} */
  const chars = new Map();
  /** @param {string} ch */
  const charWidth = (ch) => {
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
