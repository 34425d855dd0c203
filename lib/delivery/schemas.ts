import { z } from "zod";
import { Paging } from "@/lib/api/paging";
import { CustomerNumber } from "@/lib/connections/schemas";
import { RunScope } from "@/lib/runs/schemas";

/** Request schemas of the delivery routes on a connection (docs/api.md, "Routes"). */

export const KdQuery = z.object({ kd: CustomerNumber.optional() });
export const ListDocumentsQuery = Paging.extend(KdQuery.shape);

export const MAX_CONFIRMATIONS = 1000;

export const ConfirmationsBody = z.strictObject({
  documentids: z.array(z.string().min(1).max(200)).min(1).max(MAX_CONFIRMATIONS),
  kd: CustomerNumber.optional(),
  scope: RunScope.optional(),
});
