/**
 * CSV for spreadsheets, as every export of the dashboard writes it: CRLF, RFC 4180 quoting, and
 * `;` as the separator because German Excel reads `,` as the decimal mark and opens a `,` file as
 * one column. Cells that a spreadsheet would run as a formula get a leading `'`: those starting
 * with `=`, `+`, `-` or `@`, also behind leading white space (spreadsheets skip it), or with a tab
 * or carriage return. See docs/api.md, `GET /api/delivery/export.csv`.
 */
const SEPARATOR = ";";
const FORMULA_START = /^(?:\s*[=+\-@]|[\t\r])/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[";\r\n,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(SEPARATOR)}\r\n`;

// Made once per time zone: a large export formats hundreds of thousands of times.
const localTimes = new Map<string, Intl.DateTimeFormat>();

/** A moment as local time of `timeZone`, "YYYY-MM-DD HH:MM:SS" (sv-SE writes ISO order), which Excel reads as a date. */
export function csvTime(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  let format = localTimes.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "medium" });
    localTimes.set(timeZone, format);
  }
  return format.format(new Date(iso));
}
