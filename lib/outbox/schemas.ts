import { z } from "zod";
import { listSchema } from "@/lib/lists/schema";
import { OUTBOX_FILTERS, OUTBOX_LIST, OUTBOX_SUPPORT_LIST } from "@/lib/outbox/list";

/**
 * Request schemas of the outbox routes (docs/architecture.md, "Outbox"); the lists' parameters from
 * lib/outbox/list.ts.
 */

/** Largest text field of an upload besides `metadata`. */
export const MAX_FIELD_CHARS = 64;
/** Largest `metadata` field (its JSON text). */
export const MAX_METADATA_BYTES = 64 * 1024;

/** NUL cannot be stored (PostgreSQL's text and jsonb refuse it), so it is refused as input. */
const hasNoNul = (v: unknown) => v === undefined || !JSON.stringify(v).includes("\\u0000");

/** An optional text field; blank means not given, as a form sends an emptied input. */
const Field = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string().trim().max(MAX_FIELD_CHARS).refine(hasNoNul).optional(),
);
const Ref = z.string().max(MAX_FIELD_CHARS).nullish();

/** One reference of `metadata`, as the provider's upload takes it: every field optional, others kept. */
export const OutboxReference = z.looseObject({ reftype: Ref, mscnumber: Ref, pmnumber: Ref, from: Ref, to: Ref });

/** `metadata`: the JSON text of an array of reference objects (its size is bounded while it is read). */
const Metadata = z.preprocess((v) => {
  if (typeof v !== "string" || v.trim() === "") return undefined;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}, z.array(OutboxReference).max(1000).refine(hasNoNul).optional());

/** The text parts of `POST /api/connections/{id}/outbox` (the file part is read as it streams). */
export const OutboxFields = z.object({ doctype: Field, doctypeversion: Field, kd: Field, metadata: Metadata });
export type OutboxFieldsInput = z.output<typeof OutboxFields>;

/** `?again=1`: send bytes that were sent before. */
export const OutboxSendQuery = z.object({ again: z.enum(["0", "1"]).optional() });

export const OutboxListQuery = listSchema(OUTBOX_LIST);
export type OutboxListInput = z.output<typeof OutboxListQuery>;

export const OutboxSupportQuery = listSchema(OUTBOX_SUPPORT_LIST);
export type OutboxSupportInput = z.output<typeof OutboxSupportQuery>;
export const OutboxSupportFilters = listSchema(OUTBOX_FILTERS);

/** `PATCH /api/connections/{id}/outbox/{itemId}`: what the person who checked with the provider found. */
export const ResolveBody = z.object({ state: z.enum(["sent", "failed"]) }).strict();

export const OutboxItemPath = z.object({ id: z.string(), itemId: z.uuid() });
