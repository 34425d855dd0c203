/**
 * List state in the URL, named once per list (lib/views/inbox/list.ts, delivery.ts, completeness.ts) and read two ways:
 * leniently here for the pages, so a link never fails a page, and strictly by the routes' zod schema (schema.ts: a 400
 * naming the value). No zod and no imports: the browser loads this in its first load.
 */

export type Raw = Record<string, string | undefined>;

type IntParam = { kind: "int"; min: number; max: number; default: number };
type Base<K extends string, V extends string> = { kind: K; default?: V };
type TextParam = Base<"text", string> & { max: number };
type PatternParam = Base<"pattern", string> & { pattern: RegExp; isValid?: (v: string) => boolean };
type UuidParam = Base<"uuid", string>;
type OneOfParam<V extends string = string> = Base<"oneOf", V> & { values: readonly V[] };
export type Param = IntParam | TextParam | PatternParam | UuidParam | OneOfParam;
export type ListDefinition = Record<string, Param>;

type ValueOf<P> = P extends IntParam ? number : P extends OneOfParam<infer V> ? V : string;
type HasDefault<D> = { [K in keyof D]: D[K] extends { default: number | string } ? K : never }[keyof D];

/** A list's state: parameters with a default are always there, the others only when given. */
export type ListState<D> = { [K in HasDefault<D>]: ValueOf<D[K]> } & {
  [K in Exclude<keyof D, HasDefault<D>>]?: ValueOf<D[K]>;
};

/** The largest offset any list accepts (the API's paging, lib/api/paging.ts, says the same). */
const MAX_OFFSET = 10_000_000;
/** The ids zod's `z.uuid()` takes (RFC 9562 versions and variant, nil, max): both readers agree. */
const UUID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;
const isRealDay = (v: string) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
};

/** One of a fixed set of values; with a fallback, the state always has one. */
function oneOf<V extends string>(values: readonly V[]): OneOfParam<V>;
function oneOf<V extends string>(values: readonly V[], fallback: NoInfer<V>): OneOfParam<V> & { default: V };
function oneOf<V extends string>(values: readonly V[], fallback?: V): OneOfParam<V> {
  return { kind: "oneOf", values, default: fallback };
}

/** The parameters lists are made of. */
export const param = {
  offset: { kind: "int", min: 0, max: MAX_OFFSET, default: 0 },
  /** Page size: 1 to `max`, `fallback` when not given. */
  limit: (fallback: number, max: number) => ({ kind: "int", min: 1, max, default: fallback }) as const,
  text: (max = 200) => ({ kind: "text", max }) as const,
  uuid: { kind: "uuid" },
  /** `YYYY-MM`. */
  month: { kind: "pattern", pattern: /^\d{4}-(0[1-9]|1[0-2])$/ },
  /** `YYYY-MM-DD`, a day the calendar has. */
  day: { kind: "pattern", pattern: /^\d{4}-\d{2}-\d{2}$/, isValid: isRealDay },
  oneOf,
} as const satisfies Record<string, Param | ((...args: never[]) => Param)>;

/**
 * One value, leniently: what the route's schema would make of it, else the default (or nothing).
 * Blank means not given (an emptied field arrives as `?q=`); text is trimmed.
 */
export function readParam(p: Param, v: string | undefined): string | number | undefined {
  if (v === undefined || v.trim() === "") return p.default;
  switch (p.kind) {
    case "int": {
      // As zod's coercion reads it: Number("1e2") is 100.
      const n = Number(v);
      return Number.isSafeInteger(n) && n >= p.min && n <= p.max ? n : p.default;
    }
    case "text":
      return v.trim().length <= p.max ? v.trim() : p.default;
    case "pattern":
      return p.pattern.test(v) && (p.isValid?.(v) ?? true) ? v : p.default;
    case "uuid":
      return UUID.test(v) ? v : p.default;
    case "oneOf":
      return p.values.find((o) => o === v) ?? p.default;
  }
}

/** A list's state from the URL's values (see `plainParams`). */
export function readList<D extends ListDefinition>(definition: D, raw: Raw): ListState<D> {
  const state: Record<string, string | number | undefined> = {};
  for (const [key, p] of Object.entries(definition)) state[key] = readParam(p, raw[key]);
  return state as ListState<D>;
}

/** The defaults of a list, left out of its URLs. */
export function defaultsOf(definition: ListDefinition): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, p] of Object.entries(definition)) if (p.default !== undefined) out[key] = p.default;
  return out;
}

/** Next's `searchParams` or URLSearchParams as a plain object (first value of each key). */
export function plainParams(
  input: URLSearchParams | Record<string, string | string[] | undefined>,
): Record<string, string> {
  const entries = input instanceof URLSearchParams ? [...input.entries()] : Object.entries(input);
  const out: Record<string, string> = {};
  for (const [k, v] of entries) {
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined && value !== "" && !(k in out)) out[k] = value;
  }
  return out;
}

/** The query string of a list state: defaults left out, so URLs stay short and stable. */
export function toQueryString(
  state: Record<string, string | number | undefined>,
  defaults: Record<string, string | number> = {},
): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(state))
    if (v !== undefined && v !== "" && defaults[k] !== v) params.set(k, String(v));
  return params.toString();
}
