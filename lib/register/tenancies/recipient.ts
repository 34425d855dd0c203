import "server-only";
import { sql } from "drizzle-orm";
import { RECIPIENT_KINDS, type RecipientKind } from "@/lib/register/list";

/**
 * Who receives a document (docs/api.md, "Who receives a document"): the one rule, kept in the
 * database as `handoff_recipient` (migration 0028) so that every channel (e-mail, portal, print),
 * the month view, the completeness grid, support's timeline and the inbox's badges read the same
 * answer in their own statements. Joined for a unit `u` and a document `d` (delivery_documents).
 */

export { RECIPIENT_KINDS, type RecipientKind };

/** `r.kind` and `r.tenancy_id` for unit `u` and document `d`. */
export const recipientOf = sql`LEFT JOIN LATERAL handoff_recipient(u.id, d.connection_id, d.documentid, d.period_from, d.period_to) r ON true`;

/** Whether `d` goes to tenancy `t` (the portal's and the print's side of the rule). */
export const isForTenancy = sql`EXISTS (SELECT 1 FROM handoff_recipient(u.id, d.connection_id, d.documentid, d.period_from, d.period_to) r
  WHERE r.tenancy_id = t.id)`;
