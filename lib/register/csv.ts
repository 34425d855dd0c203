/**
 * Reading a unit register as property-management software exports it (issue #23): the bytes'
 * encoding detected, the separator found in the header line, quoted fields that hold separators,
 * quotes and line breaks. Every record keeps the file line it starts on, which is what a person
 * sees in an editor and what an error names. Pure functions: no database, no request.
 */

export type Encoding = "utf-8" | "utf-16le" | "windows-1252";
export type Separator = ";" | "," | "\t";

/** One record of the file: its fields as written (unquoted) and the line it starts on (header = 1). */
export type CsvRecord = { line: number; fields: string[] };

export type CsvFile = { encoding: Encoding; separator: Separator; header: CsvRecord | null; records: CsvRecord[] };

/** A file the reader cannot take apart at all (the register's import answers it as one error). */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    readonly reason: "unclosedQuote" | "tooManyRows",
  ) {
    super(`${reason} at line ${String(line)}`);
  }
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

// Windows-1252's bytes 80–9F (€, ‚, „, …, Š, Œ, Ž, the curly quotes and dashes, ™, š, œ, ž, Ÿ);
// the five it leaves undefined stay as they are. Every other byte is its Latin-1 character.
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/**
 * Windows-1252 by hand: Node 20's TextDecoder takes the label but decodes it as Latin-1, which
 * turns the euro sign and the typographic quotes into control characters.
 */
const decodeCp1252 = (bytes: Uint8Array) =>
  Buffer.from(bytes)
    .toString("latin1")
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);

/**
 * Text of the file. A UTF-8 or UTF-16 byte order mark decides; without one, bytes that are valid
 * UTF-8 are UTF-8, and anything else is read as Windows-1252, which Excel and older
 * property-management software write on German Windows (an `ä` is the single byte E4 there, never
 * valid UTF-8 on its own, so the test does not mistake one for the other).
 */
export function decodeRegister(bytes: Uint8Array): { text: string; encoding: Encoding } {
  if (UTF8_BOM.every((b, i) => bytes[i] === b))
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8" };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: decodeCp1252(bytes), encoding: "windows-1252" };
  }
}

/**
 * The separator that occurs most often outside quotes in the first non-blank line; `;` on a tie (German exports use
 * it).
 */
export function detectSeparator(text: string): Separator {
  const counts: Record<Separator, number> = { ";": 0, ",": 0, "\t": 0 };
  let quoted = false;
  let blank = true;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) {
      if (!blank) break;
    } else if (!quoted && (ch === ";" || ch === "," || ch === "\t")) counts[ch] += 1;
    if (ch.trim() !== "") blank = false;
  }
  const order: Separator[] = [";", ",", "\t"];
  return order.reduce((best, s) => (counts[s] > counts[best] ? s : best), ";");
}

const [LF, CR] = [10, 13];
const isBlank = (r: CsvRecord) => r.fields.every((f) => f.trim() === "");

/**
 * The records of `text` one by one, RFC 4180 with the leniency real exports need: CRLF, LF or CR
 * line ends; `""` inside quotes; a quote inside an unquoted field taken as written; text after a
 * closing quote kept. Blank lines are skipped. An opening quote never closed is an error naming
 * its line (thrown after the records before it), since everything after it would silently become
 * one field.
 */
export function* csvRecords(text: string, separator: Separator): Generator<CsvRecord, void, undefined> {
  const sep = separator.charCodeAt(0);
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  let atFieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n" || (ch === "\r" && text[i + 1] !== "\n")) line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && atFieldStart) {
      quoted = true;
      quoteLine = line;
      atFieldStart = false;
    } else if (ch === separator) {
      fields.push(field);
      field = "";
      atFieldStart = true;
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      fields.push(field);
      const record = { line: start, fields };
      fields = [];
      field = "";
      atFieldStart = true;
      line++;
      start = line;
      if (!isBlank(record)) yield record;
    } else {
      // The rest of an unquoted field at once (a quote in it is taken as written): a 10 MiB file is
      // read in a fraction of the time that adding one character at a time took.
      let end = i + 1;
      while (end < text.length) {
        const code = text.charCodeAt(end);
        if (code === sep || code === LF || code === CR) break;
        end++;
      }
      field += text.slice(i, end);
      i = end - 1;
      atFieldStart = false;
    }
  }
  if (quoted) throw new CsvError(quoteLine, "unclosedQuote");
  if (field !== "" || fields.length > 0) {
    const record = { line: start, fields: [...fields, field] };
    if (!isBlank(record)) yield record;
  }
}

/**
 * Adds `record` to `records`; more than `maxRecords` data records (the import's limit) stop the reading, so a huge file
 * is never held as records.
 */
function keep(records: CsvRecord[], record: CsvRecord, maxRecords: number) {
  if (records.length > maxRecords) throw new CsvError(record.line, "tooManyRows");
  records.push(record);
}

/** Every record of `text` (`csvRecords`), the header's included, at most `maxRecords` besides it. */
export function parseCsv(text: string, separator: Separator, maxRecords: number): CsvRecord[] {
  const records: CsvRecord[] = [];
  for (const record of csvRecords(text, separator)) keep(records, record, maxRecords);
  return records;
}

/**
 * Decoding, separator and records in one: the first non-blank record is the header. `pause` is
 * called after each record, and awaited when it returns a promise: the import hands the event
 * loop a turn there, so that reading 10 MiB does not hold up other requests.
 */
export async function readRegisterCsv(
  bytes: Uint8Array,
  maxRows: number,
  pause: () => Promise<void> | undefined = () => undefined,
): Promise<CsvFile> {
  const { text, encoding } = decodeRegister(bytes);
  const separator = detectSeparator(text);
  const all: CsvRecord[] = [];
  for (const record of csvRecords(text, separator)) {
    keep(all, record, maxRows);
    const turn = pause();
    if (turn) await turn;
  }
  const [header, ...records] = all;
  return { encoding, separator, header: header ?? null, records };
}
