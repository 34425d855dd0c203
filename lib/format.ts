import type { HashAlgorithm } from "@/lib/db/schema/delivery";
import type { Display, Locale } from "@/lib/i18n/messages";

/**
 * Sizes, times and periods as people read them in the page's language ("1,2 KB", "15.01.2026,
 * 07:00", "Oktober 2026"): every page formats through this one module. Times are shown in the
 * display time zone (DISPLAY_TIME_ZONE), which the server hands to the browser with the page, so
 * the server's HTML and the client's first render agree whatever zone either machine is in; the
 * API speaks UTC.
 */

/**
 * The regional form of each language. English reads day, month, year and a 24-hour clock ("24 Nov
 * 2026, 09:34") on every page: the people reading it work with German dates and times.
 */
const TAG: Record<Locale, string> = { de: "de-DE", en: "en-GB" };

export function formatBytes(bytes: number, locale: Locale): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(TAG[locale], { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/**
 * A moment in the display time zone; `wallTime` shows a zoneless time (a ZIP entry's) as written. A value that is no
 * time stays as it is.
 */
export function formatDateTime(
  value: string | Date,
  display: Display,
  options: { seconds?: boolean; wallTime?: boolean } = {},
): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return String(value);
  return new Intl.DateTimeFormat(TAG[display.locale], {
    dateStyle: "medium",
    timeStyle: options.seconds ? "medium" : "short",
    timeZone: options.wallTime ? "UTC" : display.timeZone,
  }).format(at);
}

/**
 * The day of a moment in the display time zone; `short`: day and month alone ("12.11."), where the year goes without
 * saying.
 */
export function formatDate(value: string | Date, display: Display, short = false): string {
  const at = new Date(value);
  const style: Intl.DateTimeFormatOptions = short ? { day: "2-digit", month: "2-digit" } : { dateStyle: "medium" };
  return Number.isNaN(at.getTime())
    ? String(value)
    : new Intl.DateTimeFormat(TAG[display.locale], { ...style, timeZone: display.timeZone }).format(at);
}

/** The calendar day of a moment in `timeZone` as "YYYY-MM-DD" (sv-SE writes ISO order). */
export function dayIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short" }).format(now);
}

/** A month of the URL (`YYYY-MM`) in words: "Okt. 2026", or "Oktober 2026" in a letter's `long` form. */
export function formatMonth(month: string, locale: Locale, style: "short" | "long" = "short"): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(TAG[locale], { month: style, year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const utc = (day: string) => {
  const m = DAY.exec(day);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
};

/** A period of calendar days (zoneless): a whole month as "Oktober 2026", else "01.01.2025 – 31.12.2025". */
export function formatPeriod(from: string | null, to: string | null, locale: Locale): string | null {
  const a = from ? utc(from) : null;
  const b = to ? utc(to) : null;
  if (!a && !b) return null;
  const day = new Intl.DateTimeFormat(TAG[locale], { dateStyle: "medium", timeZone: "UTC" });
  if (a && b) {
    const wholeMonth =
      a.getUTCDate() === 1 &&
      a.getUTCFullYear() === b.getUTCFullYear() &&
      a.getUTCMonth() === b.getUTCMonth() &&
      new Date(b.getTime() + 86_400_000).getUTCDate() === 1;
    if (wholeMonth)
      return new Intl.DateTimeFormat(TAG[locale], { month: "long", year: "numeric", timeZone: "UTC" }).format(a);
    return `${day.format(a)} – ${day.format(b)}`;
  }
  return day.format((a ?? b)!);
}

/** How a person names the hash algorithms a provider may give (pages, support's record, the mismatch message). */
export const ALGORITHM_NAMES: Record<HashAlgorithm, string> = { md5: "MD5", sha1: "SHA-1", sha256: "SHA-256" };
