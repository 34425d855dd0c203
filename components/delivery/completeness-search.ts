import { param, type SearchParser } from "@/lib/client/search-params";

/**
 * The completeness view's state in the URL, parsed alike on server and client. Without months
 * it shows the six months up to the current one (German calendar).
 */
export type CompletenessSearch = { connection?: string; property?: string; from?: string; to?: string };

export const CompletenessSearch: SearchParser<CompletenessSearch> = {
  parse: (raw) => ({ connection: param.uuid(raw.connection), property: param.text(raw.property), from: param.month(raw.from), to: param.month(raw.to) }),
};

export const DEFAULT_MONTHS = 6;

export function currentMonth(now = new Date()): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit" }).format(now).slice(0, 7);
}

export function shiftMonth(month: string, by: number): string {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${String(Math.floor(i / 12)).padStart(4, "0")}-${String((i % 12) + 1).padStart(2, "0")}`;
}

/** The API's input (and the query key) of a view, or null while neither connection nor property is chosen. */
export function completenessInput(search: CompletenessSearch, now = new Date()) {
  const to = search.to ?? (search.from ? shiftMonth(search.from, DEFAULT_MONTHS - 1) : currentMonth(now));
  const from = search.from ?? shiftMonth(to, -(DEFAULT_MONTHS - 1));
  if (!search.connection && !search.property) return { ready: false as const, from, to };
  return { ready: true as const, from, to, input: { connection: search.connection, property: search.property, from, to } };
}
