import { z } from "zod";
import { Paging } from "@/lib/api/paging";
import { DOCUMENT_STATES } from "@/lib/db/schema/delivery";
import { Month } from "@/lib/delivery/schemas";

/** Query schemas of the support routes under /api/delivery (docs/api.md, `GET /api/delivery/documents`). */

/** Filters live in the URL, where an emptied field arrives as `?state=`: blank means "not given". */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

const isRealDay = (v: string) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
export const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isRealDay);

export const DeliveryFilters = z.object({
  q: optional(z.string().trim().max(200)),
  state: optional(z.enum(DOCUMENT_STATES)),
  connection: optional(z.uuid()),
  from: optional(Day),
  to: optional(Day),
});
export type DeliveryFiltersInput = z.infer<typeof DeliveryFilters>;

export const MAX_DELIVERY_PAGE = 500;
export const DeliveryQuery = DeliveryFilters.extend({
  offset: Paging.shape.offset,
  limit: z.coerce.number().int().min(1).max(MAX_DELIVERY_PAGE).default(100),
});
export type DeliveryQueryInput = z.infer<typeof DeliveryQuery>;

export const MAX_COMPLETENESS_MONTHS = 36;
export const CompletenessQuery = z.object({
  connection: optional(z.uuid()),
  property: optional(z.string().trim().max(200)),
  from: Month,
  to: Month,
});
export type CompletenessInput = z.infer<typeof CompletenessQuery>;

/** The two ids in a record's URL; anything else is a record that does not exist. */
export const DeliveryKey = z.object({ connection: z.uuid(), documentid: z.string().min(1).max(500) });
export type DeliveryKeyInput = z.infer<typeof DeliveryKey>;
