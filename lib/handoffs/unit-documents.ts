import "server-only";
import { sql } from "drizzle-orm";

/**
 * Whether document `d` (delivery_documents) belongs to unit `u` (units) of the same register, as
 * targets.ts decides it from the document's side: by `mscnumber`, else by `pmnumber` when no unit
 * of the register has the document's `mscnumber`. Read from the unit's side by the portal and the
 * print, so a document is never shown or printed for two units.
 */
export const isDocumentOfUnit = sql`(d.unit_msc = u.mscnumber OR (u.mscnumber IS NULL AND d.unit_pm = u.pmnumber
  AND NOT EXISTS (SELECT 1 FROM units o WHERE o.team_id = u.team_id AND o.mscnumber = d.unit_msc)))`;
