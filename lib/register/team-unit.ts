import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { units, type UnitRow } from "@/lib/db/schema/units";
import { notFound } from "@/lib/errors";

/**
 * One unit of the principal's team by its id, else 404 `unitsApi.notFound` (another team's unit is answered like a
 * missing one): what the register's edit (./register.ts) and the legal hold (./hold.ts) start from.
 */
export async function teamUnit(db: Db, p: Principal, id: string): Promise<UnitRow> {
  const [row] = await db
    .select()
    .from(units)
    .where(and(eq(units.id, id), eq(units.teamId, p.teamId)));
  if (!row) throw notFound("unitsApi.notFound");
  return row;
}
