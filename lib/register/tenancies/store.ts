import "server-only";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { tenancies, type TenancyRow } from "@/lib/db/schema/tenancies";
import { today } from "@/lib/today";
import { consentOf, objectedAtOf } from "./consent";
import { tenancyOn, type Tenancy } from "./history";

/**
 * The tenancies of the register's units as stored (migration 0028): read for the register's page,
 * its export and the import's plan. Who receives a document is decided in the database by
 * `handoff_recipient` (./recipient.ts), not here.
 */

export function toTenancy(row: TenancyRow): Tenancy {
  const erased = row.erasedAt !== null;
  return {
    id: row.id,
    moveIn: row.moveIn,
    moveOut: row.moveOut,
    vacancy: row.vacancy,
    erased,
    contract: row.contract,
    resident:
      row.vacancy || erased || row.residentName === null || row.channel === null
        ? null
        : {
            name: row.residentName,
            salutation: row.salutation,
            firstName: row.firstName,
            lastName: row.lastName,
            company: row.company,
            email: row.residentEmail,
            channel: row.channel,
            postalAddress: row.postalAddress,
            consent: consentOf(row),
            objectedAt: objectedAtOf(row.consentObjectedAt),
          },
  };
}

/** Units' histories, newest first, by unit id (a unit without tenancies is absent). */
export async function readHistories(db: Db, unitIds: string[]): Promise<Map<string, Tenancy[]>> {
  const out = new Map<string, Tenancy[]>();
  if (unitIds.length === 0) return out;
  const rows = await db
    .select()
    .from(tenancies)
    .where(inArray(tenancies.unitId, unitIds))
    .orderBy(asc(tenancies.unitId), sql`${tenancies.moveIn} DESC NULLS LAST`);
  for (const row of rows) out.set(row.unitId, [...(out.get(row.unitId) ?? []), toTenancy(row)]);
  return out;
}

/** The resident who lives there today (none in a vacancy, or when nobody does). */
export const presentResident = (history: Tenancy[], day = today()) => tenancyOn(history, day)?.resident ?? null;

/** Whether the unit has any tenancy: a unit with none has no resident at all, rather than none for a period. */
export async function hasTenancies(db: Db, unitId: string): Promise<boolean> {
  const [row] = await db.select({ id: tenancies.id }).from(tenancies).where(eq(tenancies.unitId, unitId)).limit(1);
  return row !== undefined;
}
