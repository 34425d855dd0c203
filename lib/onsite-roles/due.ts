import { getHolidays } from "feiertagejs";

/**
 * When a unit's report is due (docs/api.md, "On-site-roles reports"): a move in a month that has
 * ended must be accepted by the third working day after that month's end; working days are Monday
 * to Friday less Germany's nationwide public holidays (feiertagejs, region `BUND`). Pure: the day
 * is a parameter, so tests set the clock instead of waiting for it. Days are `YYYY-MM-DD`.
 */

const DAY = 86_400_000;
const WORKING_DAYS = 3;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

const holidayCache = new Map<number, Set<string>>();
/**
 * The nationwide holidays of a year. The library's day strings can drift by a day in time zones far
 * from Berlin (seen at UTC+14): they are moved back by New Year's drift, which is the same for all.
 */
export function nationwideHolidays(year: number): Set<string> {
  let days = holidayCache.get(year);
  if (days) return days;
  const holidays = getHolidays(year, "BUND");
  const newYear = holidays.find((h) => h.name === "NEUJAHRSTAG")?.dateString ?? `${year}-01-01`;
  const drift = Math.round((Date.parse(`${newYear}T00:00:00Z`) - Date.parse(`${year}-01-01T00:00:00Z`)) / DAY);
  days = new Set(holidays.map((h) => addDays(h.dateString, -drift)));
  holidayCache.set(year, days);
  return days;
}

export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !nationwideHolidays(Number(day.slice(0, 4))).has(day);
}

/** The last day of `day`'s month. */
export const monthEnd = (day: string) => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

/** The third working day after the end of the month of `moveDay`. */
export function dueBy(moveDay: string): string {
  let day = monthEnd(moveDay);
  for (let found = 0; found < WORKING_DAYS;) {
    day = addDays(day, 1);
    if (isWorkingDay(day)) found++;
  }
  return day;
}

type Dated = { moveIn: string | null; moveOut: string | null };

/** The days a resident changed: each move-in, and the day after each move-out. */
const moveDays = (history: Dated[]) =>
  history.flatMap((t) => [t.moveIn, t.moveOut && addDays(t.moveOut, 1)]).filter((d): d is string => !!d);

/**
 * A unit's deadline on `today`: from its latest move in a month that has ended, while its report is
 * not accepted (`dueBy` absent otherwise); `overdue` once `today` is past it.
 */
export function reportDeadline(history: Dated[], state: string, today: string): { dueBy?: string; overdue: boolean } {
  if (state === "accepted") return { overdue: false };
  const ended = moveDays(history).filter((d) => monthEnd(d) < today);
  if (ended.length === 0) return { overdue: false };
  const latest = ended.reduce((a, b) => (a > b ? a : b));
  const by = dueBy(latest);
  return { dueBy: by, overdue: today > by };
}
