import type { Locale } from "@/lib/i18n/messages";

/** Sizes and times as people read them in the page's language ("1,2 KB", "15.01.2026, 07:00"). */
export function formatBytes(bytes: number, locale: Locale): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** In German time, like the rest of the record; `wallTime` shows a zoneless time (a ZIP entry's) as written. */
export function formatDateTime(value: string | Date, locale: Locale, options: { seconds?: boolean; wallTime?: boolean } = {}): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: options.seconds ? "medium" : "short",
    timeZone: options.wallTime ? "UTC" : "Europe/Berlin",
  }).format(new Date(value));
}
