/**
 * The register's dates (docs/api.md, "The unit register"): `TT.MM.JJJJ` as German exports write
 * them (also `T.M.JJJJ`), or ISO `YYYY-MM-DD`; kept and answered as `YYYY-MM-DD`. A day that does
 * not exist (31.02.) is refused, not rolled over into March. Pure.
 */

const GERMAN = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` of a cell, or `undefined` when it is no date (or no day of the calendar). */
export function parseDate(cell: string): string | undefined {
  const text = cell.trim();
  const german = GERMAN.exec(text);
  const iso = german ? null : ISO.exec(text);
  const parts = german ? [german[3], german[2], german[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return undefined;
  const [y, m, d] = parts.map(Number) as [number, number, number];
  if (y < 1900 || y > 2199 || m < 1 || m > 12 || d < 1) return undefined;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > last) return undefined;
  return `${String(y)}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** A day as German exports write it (`TT.MM.JJJJ`), which the import reads back. */
export function germanDate(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d!}.${m!}.${y!}`;
}
