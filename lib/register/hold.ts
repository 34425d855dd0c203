import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { units, type UnitRow } from "@/lib/db/schema/units";
import { users } from "@/lib/db/schema/users";
import { AppError } from "@/lib/errors";
import { teamUnit } from "./team-unit";

/**
 * A unit's legal hold, "Rechtsstreit" (issue #47; docs/api.md, "The unit register"): while it is set, no erasure
 * touches the unit: the retention's sweeps (./tenancies/erase.ts, ./retention.ts) pass it by and an admin's erasure
 * on request is refused with 409 `unit_on_hold`. Set (or replaced) and lifted by a manager or admin of the unit's
 * team; another team's unit is answered like a missing one. The audit names the unit and its key and keeps the
 * reason (a court case's reference, not a resident's data), never a resident's name.
 */

export type UnitHold = { reason: string; by: { id: string; name: string } | null; at: string };

/** The hold of a unit's row, `names` the setters' names by id (see holdNames). */
export function holdOf(row: Pick<UnitRow, "holdReason" | "holdBy" | "holdAt">, names: Map<string, string>) {
  if (row.holdAt === null || row.holdReason === null) return null;
  const name = row.holdBy ? names.get(row.holdBy) : undefined;
  return {
    reason: row.holdReason,
    by: row.holdBy && name !== undefined ? { id: row.holdBy, name } : null,
    at: row.holdAt.toISOString(),
  } satisfies UnitHold;
}

/** The names of those who set the rows' holds, in one statement (none when no row is held). */
export async function holdNames(db: Db, rows: Pick<UnitRow, "holdBy">[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.holdBy ? [r.holdBy] : [])))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, u.name]));
}

/** SQL true where the unit whose id `unitId` gives is not on hold: every erasure's condition. */
export const notHeld = (unitId: SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM units held WHERE held.id = ${unitId} AND held.hold_at IS NOT NULL)`;

/** Refuses an erasure of a unit on hold: 409 `unit_on_hold`. */
export function refuseHeld(row: { hold_at: unknown }): void {
  if (row.hold_at !== null) throw new AppError(409, "unit_on_hold", "unitsApi.onHold");
}

/** Sets the unit's hold, or replaces its reason, setter and time. */
export async function setHold(db: Db, p: Principal, id: string, reason: string): Promise<{ hold: UnitHold | null }> {
  const unit = await teamUnit(db, p, id);
  const [row] = await db.transaction(async (tx) => {
    const updated = await tx
      .update(units)
      .set({ holdReason: reason, holdBy: p.userId, holdAt: new Date() })
      .where(eq(units.id, unit.id))
      .returning();
    await recordEvent(tx, {
      kind: "unit.hold",
      actor: principalActor(p),
      detail: { unit: unit.id, key: unit.unitKey, reason, replaced: unit.holdAt !== null },
    });
    return updated;
  });
  return { hold: row ? holdOf(row, await holdNames(db, [row])) : null };
}

/** Lifts the unit's hold; a unit without one stays as it is, and nothing is audited. */
export async function liftHold(db: Db, p: Principal, id: string): Promise<{ hold: null }> {
  const unit = await teamUnit(db, p, id);
  const since = unit.holdAt;
  if (since === null) return { hold: null };
  await db.transaction(async (tx) => {
    await tx.update(units).set({ holdReason: null, holdBy: null, holdAt: null }).where(eq(units.id, unit.id));
    await recordEvent(tx, {
      kind: "unit.hold_lifted",
      actor: principalActor(p),
      detail: { unit: unit.id, key: unit.unitKey, since: since.toISOString() },
    });
  });
  return { hold: null };
}
