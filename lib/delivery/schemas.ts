import { z } from "zod";
import { Paging } from "@/lib/api/paging";
import { CustomerNumber } from "@/lib/connections/schemas";
import { DOCUMENT_STATES } from "@/lib/db/schema/delivery";

/** Request schemas of the delivery routes on a connection and of the inbox (docs/api.md, "Routes"). */

export const KdQuery = z.object({ kd: CustomerNumber.optional() });
export const ListDocumentsQuery = Paging.extend(KdQuery.shape);

export const MAX_CONFIRMATIONS = 1000;

export const ConfirmationsBody = z.strictObject({
  documentids: z.array(z.string().min(1).max(200)).min(1).max(MAX_CONFIRMATIONS),
  kd: CustomerNumber.optional(),
});

/** A month as the URL carries it: the inbox's filter, and the range of support's completeness grid. */
export const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

export const InboxQuery = Paging.extend({
  connection: z.uuid().optional(),
  q: z.string().trim().max(200).optional(),
  month: Month.optional(),
  state: z.enum(DOCUMENT_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type InboxInput = z.infer<typeof InboxQuery>;
