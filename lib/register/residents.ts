import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { and, asc, count, eq, ilike, isNotNull, isNull, or } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containing } from "@/lib/db/rows";
import { tenancies } from "@/lib/db/schema/tenancies";
import { units } from "@/lib/db/schema/units";
import { teams } from "@/lib/db/schema/teams";
import { forbidden } from "@/lib/errors";
import type { Channel, ResidentsSearch } from "@/lib/register/list";
import { holdNames, holdOf, type UnitHold } from "./hold";

/**
 * The admin's search for a resident's erasure request (docs/api.md, "The unit register"):
 * every user's register, the tenancies whose resident's data is still held, found by the resident's
 * name or e-mail or the unit's number. The answer names what the admin needs to pick the right one (unit,
 * owner, property, label, name, channel) and no more: no e-mail, no postal address. The term is
 * personal data: it goes into this query's parameters only, never into a log line or an event. A unit on a legal
 * hold (./hold.ts) is listed with its hold: its erasure is refused until the hold is lifted.
 */

export type ResidentMatch = {
  id: string;
  /** The tenancy whose resident matched: `DELETE /api/units/{id}/resident?tenancy=…` erases that one. */
  tenancyId: string;
  mscnumber: string | null;
  pmnumber: string | null;
  owner: string;
  property: string | null;
  label: string | null;
  moveIn: string | null;
  moveOut: string | null;
  resident: { name: string; channel: Channel };
  hold: UnitHold | null;
};

/** A page of the matches in the order name, owner, unit, and their total. Admins only, checked here too. */
export async function searchResidents(db: Db, admin: Principal, search: ResidentsSearch & { q: string }) {
  if (admin.role !== "admin") throw forbidden();
  const term = containing(search.q);
  const where = and(
    isNull(tenancies.erasedAt),
    isNotNull(tenancies.residentName),
    or(
      ilike(tenancies.residentName, term),
      ilike(tenancies.residentEmail, term),
      ilike(units.mscnumber, term),
      ilike(units.pmnumber, term),
    ),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: units.id,
        tenancyId: tenancies.id,
        mscnumber: units.mscnumber,
        pmnumber: units.pmnumber,
        owner: teams.name,
        property: units.property,
        label: units.label,
        moveIn: tenancies.moveIn,
        moveOut: tenancies.moveOut,
        name: tenancies.residentName,
        channel: tenancies.channel,
        holdReason: units.holdReason,
        holdBy: units.holdBy,
        holdAt: units.holdAt,
      })
      .from(tenancies)
      .innerJoin(units, eq(units.id, tenancies.unitId))
      .innerJoin(teams, eq(teams.id, units.teamId))
      .where(where)
      .orderBy(asc(tenancies.residentName), asc(teams.name), asc(units.unitKey), asc(tenancies.moveIn))
      .limit(search.limit)
      .offset(search.offset),
    db.select({ n: count() }).from(tenancies).innerJoin(units, eq(units.id, tenancies.unitId)).where(where),
  ]);
  // Name and channel are set together (migration 0028's CHECK), and the name is the filter's.
  const names = await holdNames(db, rows);
  const residents: ResidentMatch[] = rows.map(({ name, channel, holdReason, holdBy, holdAt, ...unit }) => ({
    ...unit,
    resident: { name: name ?? "", channel: channel ?? "post" },
    hold: holdOf({ holdReason, holdBy, holdAt }, names),
  }));
  return { count: total?.n ?? 0, residents };
}
