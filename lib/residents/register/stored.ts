import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { units, type UnitRow } from "@/lib/db/schema/units";
import type { Resident, UnitInput } from "./rows";
import { nextTurn } from "./turns";

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

/** Units read per statement when the whole register is loaded: about 50 ms each with the embedded database. */
const LOAD_PAGE = 2000;

/**
 * The whole register of one user by key: the import matches every row against it. Read in pages
 * by key, with a turn of the event loop between them (lib/residents/register/turns.ts): one statement for
 * 100,000 units held the server's thread for seconds with the embedded database.
 */
export async function loadRegister(db: Db, userId: string): Promise<Map<string, StoredUnit>> {
  const register = new Map<string, StoredUnit>();
  // Every key is `m:…` or `p:…`, so all of them sort after the empty string.
  let after = "";
  for (;;) {
    const rows = await db
      .select()
      .from(units)
      .where(and(eq(units.userId, userId), gt(units.unitKey, after)))
      .orderBy(asc(units.unitKey))
      .limit(LOAD_PAGE);
    for (const row of rows) register.set(row.unitKey, toUnit(row));
    if (rows.length < LOAD_PAGE) return register;
    after = rows.at(-1)!.unitKey;
    await nextTurn();
  }
}
