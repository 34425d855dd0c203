import "server-only";
import { env } from "@/lib/env";
import { dayIn } from "@/lib/format";
import { now as clockNow } from "@/lib/process/clock";

/**
 * Today as the server reads it, in the display time zone: the server's half of the formatting room (lib/format.ts
 * stays free of the configuration, so the browser loads it). Every feature that asks "which day is it" asks here, on
 * the app's clock (lib/process/clock.ts: a test moves it, so the retention's days pass).
 */

/** Today in the display time zone (`YYYY-MM-DD`): the day a tenancy is "present" on. */
export const today = (now = new Date(clockNow())) => dayIn(now, env().displayTimeZone);

/** Today in the display time zone: its month ("YYYY-MM") and day of the month. */
export function localToday(now: Date): { month: string; day: number } {
  const [y, m, day] = today(now).split("-");
  return { month: `${y}-${m}`, day: Number(day) };
}
