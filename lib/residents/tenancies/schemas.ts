import { z } from "zod";

/** Request schemas of the tenancy routes (docs/api.md, "The unit register"). */

export const AssignmentKey = z.strictObject({ connectionId: z.uuid(), documentid: z.string().min(1).max(200) });
/** `PUT /api/handoffs/assignments`: the tenancy that receives the document, or null for "no hand-off needed". */
export const AssignmentBody = AssignmentKey.extend({ tenancyId: z.uuid().nullable() });

/** `DELETE /api/units/{id}/resident`: one tenancy's resident, else every resident of the unit. */
export const EraseQuery = z.object({ tenancy: z.uuid().optional() });
