/**
 * The register's dates (docs/api.md, "The unit register"): `TT.MM.JJJJ` as German exports write
 * them (also `T.M.JJJJ`), or ISO `YYYY-MM-DD`; kept and answered as `YYYY-MM-DD`. A day that does
 * not exist (31.02.) is refused, not rolled over into March, and so is one outside the register's
 * years (a typo such as 0202, or a placeholder such as 9999-12-31). Pure.
 */

/** The years the register reads: whatever is stored, by an import or a route, its export reads back. */
export const YEARS = { first: 1900, last: 2199 } as const;

const GERMAN = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` of a year, month and day, or `undefined` when the calendar or the register's years have no such day. */
function dayOf(y: number, m: number, d: number): string | undefined {
  if (y < YEARS.first || y > YEARS.last || m < 1 || m > 12 || d < 1) return undefined;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > last) return undefined;
  return `${String(y)}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** `YYYY-MM-DD` of a cell, or `undefined` when it is no date (or no day of the calendar). */
export function parseDate(cell: string): string | undefined {
  const text = cell.trim();
  const german = GERMAN.exec(text);
  const iso = german ? null : ISO.exec(text);
  const parts = german ? [german[3], german[2], german[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return undefined;
  const [y, m, d] = parts.map(Number) as [number, number, number];
  return dayOf(y, m, d);
}

/**
 * Why a route's date (`YYYY-MM-DD` only, as the API speaks) is no day the register keeps: not that
 * form, a year outside YEARS, or no day of the calendar; `undefined` when it is one.
 */
export function isoDayProblem(text: string): "form" | "years" | "calendar" | undefined {
  const iso = ISO.exec(text);
  if (!iso) return "form";
  const y = Number(iso[1]);
  if (y < YEARS.first || y > YEARS.last) return "years";
  return dayOf(y, Number(iso[2]), Number(iso[3])) === undefined ? "calendar" : undefined;
}

/** A day as German exports write it (`TT.MM.JJJJ`), which the import reads back. */
export function germanDate(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d!}.${m!}.${y!}`;
}
