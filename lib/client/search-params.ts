import { z } from "zod";

/**
 * List state in the URL (STYLE.md, "Pages"): one schema per list, parsed the same way by the page
 * on the server and by the client, so a link or a reload shows the same view. Unknown or broken
 * values fall back to their defaults instead of failing the page.
 */

const STATES = ["open", "pending", "confirmed", "failed", "unknown", "gone"] as const;
const opt = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const page = (size: number) => ({
  offset: z.coerce.number().int().min(0).max(10_000_000).catch(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).catch(size).default(size),
});

export const InboxSearch = z.object({
  ...page(25),
  connection: opt(z.uuid()),
  q: opt(z.string().trim().min(1).max(200)),
  month: opt(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
  // The inbox shows open documents unless asked otherwise; "all" lifts the filter.
  state: z.enum([...STATES, "all"]).catch("open").default("open"),
  /** The open document: `{connectionId}:{documentid}`. */
  doc: opt(z.string().max(300)),
});
export type InboxSearch = z.infer<typeof InboxSearch>;

export const DeliverySearch = z.object({
  ...page(50),
  q: opt(z.string().trim().min(1).max(200)),
  state: opt(z.enum(STATES)),
  connection: opt(z.uuid()),
  from: opt(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  to: opt(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
});
export type DeliverySearch = z.infer<typeof DeliverySearch>;

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
