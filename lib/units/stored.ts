import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { units, type UnitRow } from "@/lib/db/schema/units";
import type { Resident, UnitInput } from "./rows";

/** A unit of the register as the API answers it (docs/api.md, "The unit register"). */
export type StoredUnit = UnitInput & { id: string; updatedAt: string };

export function toUnit(row: UnitRow): StoredUnit {
  const resident: Resident | null =
    row.residentName !== null && row.channel !== null
      ? { name: row.residentName, email: row.residentEmail, channel: row.channel, postalAddress: row.postalAddress }
      : null;
  return {
    id: row.id,
    mscnumber: row.mscnumber,
    pmnumber: row.pmnumber,
    property: row.property,
    address: row.address,
    label: row.label,
    resident,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The whole register of one user by key: the import matches every row against it. */
export async function loadRegister(db: Db, userId: string): Promise<Map<string, StoredUnit>> {
  const rows = await db.select().from(units).where(eq(units.userId, userId));
  return new Map(rows.map((r) => [r.unitKey, toUnit(r)]));
}
