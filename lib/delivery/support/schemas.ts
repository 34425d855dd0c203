import { z } from "zod";
import { COMPLETENESS_SCOPE } from "@/lib/lists/completeness";
import { DELIVERY_FILTERS, DELIVERY_LIST } from "@/lib/lists/delivery";
import { listSchema } from "@/lib/lists/schema";

/**
 * Query schemas of the support routes under /api/delivery (docs/api.md), from the lists' one definition (lib/lists/).
 */

export const DeliveryFilters = listSchema(DELIVERY_FILTERS);
export type { DeliveryFiltersInput } from "@/lib/lists/delivery";

export const DeliveryQuery = listSchema(DELIVERY_LIST);
export type DeliveryQueryInput = z.output<typeof DeliveryQuery>;

export const CompletenessQuery = listSchema(COMPLETENESS_SCOPE, { required: ["from", "to"] });
export type CompletenessInput = z.output<typeof CompletenessQuery>;
export { MAX_COMPLETENESS_MONTHS } from "@/lib/lists/completeness";

/** The two ids in a record's URL; anything else is a record that does not exist. */
export const DeliveryKey = z.object({ connection: z.uuid(), documentid: z.string().min(1).max(500) });
export type DeliveryKeyInput = z.infer<typeof DeliveryKey>;
