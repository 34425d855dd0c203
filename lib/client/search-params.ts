/**
 * List state in the URL (STYLE.md, "Pages"): one parser per list, used the same way by the page on
 * the server and by the client, so a link or a reload shows the same view. Unknown or broken
 * values fall back to their defaults instead of failing the page. Written without zod: these run
 * in the browser, where every kilobyte of the first load counts.
 */

type Raw = Record<string, string | undefined>;
export type SearchParser<T> = { parse: (raw: Raw) => T };

const STATES = ["open", "pending", "confirmed", "failed", "unknown", "gone"] as const;
type State = (typeof STATES)[number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const param = {
  int(raw: string | undefined, min: number, max: number, fallback: number): number {
    const n = raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : fallback;
  },
  match(raw: string | undefined, pattern: RegExp): string | undefined {
    return raw !== undefined && pattern.test(raw) ? raw : undefined;
  },
  text(raw: string | undefined, max = 200): string | undefined {
    const t = raw?.trim();
    return t && t.length <= max ? t : undefined;
  },
  oneOf<T extends string>(raw: string | undefined, options: readonly T[]): T | undefined {
    return options.find((o) => o === raw);
  },
  uuid: (raw: string | undefined) => param.match(raw, UUID),
  month: (raw: string | undefined) => param.match(raw, MONTH),
  day: (raw: string | undefined) => param.match(raw, DAY),
};

const paging = (raw: Raw, size: number) => ({ offset: param.int(raw.offset, 0, 10_000_000, 0), limit: param.int(raw.limit, 1, 200, size) });

export type InboxSearch = {
  offset: number;
  limit: number;
  connection?: string;
  q?: string;
  month?: string;
  /** The inbox shows open documents unless asked otherwise; "all" lifts the filter. */
  state: State | "all";
  /** The open document: `{connectionId}:{documentid}`. */
  doc?: string;
};

export const InboxSearch: SearchParser<InboxSearch> = {
  parse: (raw) => ({
    ...paging(raw, 25),
    connection: param.uuid(raw.connection),
    q: param.text(raw.q),
    month: param.month(raw.month),
    state: param.oneOf(raw.state, [...STATES, "all"] as const) ?? "open",
    doc: param.text(raw.doc, 300),
  }),
};

export type DeliverySearch = { offset: number; limit: number; q?: string; state?: State; connection?: string; from?: string; to?: string };

export const DeliverySearch: SearchParser<DeliverySearch> = {
  parse: (raw) => ({
    ...paging(raw, 50),
    q: param.text(raw.q),
    state: param.oneOf(raw.state, STATES),
    connection: param.uuid(raw.connection),
    from: param.day(raw.from),
    to: param.day(raw.to),
  }),
};

/** Next's `searchParams` or URLSearchParams as a plain object (first value of each key). */
export function plainParams(input: URLSearchParams | Record<string, string | string[] | undefined>): Record<string, string> {
  const entries = input instanceof URLSearchParams ? [...input.entries()] : Object.entries(input);
  const out: Record<string, string> = {};
  for (const [k, v] of entries) {
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined && value !== "" && !(k in out)) out[k] = value;
  }
  return out;
}

/** The query string of a list state: defaults left out, so URLs stay short and stable. */
export function toQueryString(state: Record<string, string | number | undefined>, defaults: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(state)) if (v !== undefined && v !== "" && defaults[k] !== v) params.set(k, String(v));
  return params.toString();
}
