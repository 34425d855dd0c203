import type { CompletenessScope } from "@/lib/views/completeness/client";
import { dayIn } from "@/lib/format";
import type { CompletenessSearch } from "@/lib/views/completeness/list";

/** Without months the completeness view shows the six months up to the current one (in the display time zone). */
export const DEFAULT_MONTHS = 6;

export const currentMonth = (timeZone: string, now = new Date()): string => dayIn(now, timeZone).slice(0, 7);

export function shiftMonth(month: string, by: number): string {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${String(Math.floor(i / 12)).padStart(4, "0")}-${String((i % 12) + 1).padStart(2, "0")}`;
}

/**
 * The API's input (and the query key) of a view, or not ready while no scope (connection, property, property
 * management) is chosen.
 */
export function completenessInput(
  search: CompletenessSearch,
  timeZone: string,
  now = new Date(),
): { ready: false; from: string; to: string } | { ready: true; from: string; to: string; input: CompletenessScope } {
  const to = search.to ?? (search.from ? shiftMonth(search.from, DEFAULT_MONTHS - 1) : currentMonth(timeZone, now));
  const from = search.from ?? shiftMonth(to, -(DEFAULT_MONTHS - 1));
  const { connection, property, propertymanagement } = search;
  if (!connection && !property && !propertymanagement) return { ready: false, from, to };
  return { ready: true, from, to, input: { connection, property, propertymanagement, from, to } };
}
