import "server-only";
import { sql } from "drizzle-orm";
import { env } from "@/lib/env";

/**
 * Whether document `d` (delivery_documents) belongs to unit `u` (units) of the same register, as
 * targets.ts decides it from the document's side: by `mscnumber`, else by `pmnumber` when no unit
 * of the register has the document's `mscnumber`. Read from the unit's side by the portal and the
 * print, so a document is never shown or printed for two units.
 */
export const isDocumentOfUnit = sql`(d.unit_msc = u.mscnumber OR (u.mscnumber IS NULL AND d.unit_pm = u.pmnumber
  AND NOT EXISTS (SELECT 1 FROM units o WHERE o.user_id = u.user_id AND o.mscnumber = d.unit_msc)))`;

/**
 * Whether document `d` is of unit `u`'s present resident's time: its period starts in or after the
 * month they moved in (`resident_since`, in the display time zone). The portal shows no earlier
 * one, and the print gives none to them: that month's UVI belonged to whoever lived there then.
 */
export const isOfPresentResident = () =>
  sql`d.period_from >= date_trunc('month', u.resident_since AT TIME ZONE ${env().displayTimeZone})::date`;
