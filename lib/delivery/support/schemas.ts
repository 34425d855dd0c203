import { z } from "zod";
import { DELIVERY_FILTERS, DELIVERY_LIST } from "@/lib/delivery/support/list";
import { listSchema } from "@/lib/lists/schema";

/**
 * Query schemas of the support routes under /api/delivery (docs/api.md), from the lists' one definition (lib/lists/).
 */

export const DeliveryFilters = listSchema(DELIVERY_FILTERS);
export type { DeliveryFiltersInput } from "@/lib/delivery/support/list";

export const DeliveryQuery = listSchema(DELIVERY_LIST);
export type DeliveryQueryInput = z.output<typeof DeliveryQuery>;

/** The two ids in a record's URL; anything else is a record that does not exist. */
export const DeliveryKey = z.object({ connection: z.uuid(), documentid: z.string().min(1).max(500) });
export type DeliveryKeyInput = z.infer<typeof DeliveryKey>;
