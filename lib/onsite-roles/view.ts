import "server-only";
import { and, inArray, isNull, eq, asc } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { connections } from "@/lib/db/schema/connections";
import { osrReports } from "@/lib/db/schema/osr-reports";
import type { StoredUnit, UnitReport, UnknownMoveIn } from "@/lib/register/stored";
import { today } from "@/lib/today";
import { readSince } from "./basis";
import { reportedStart } from "./body";
import { reportDeadline } from "./due";
import { MAX_ATTEMPTS } from "./store";

/** A resident's tenancy without a move-in (the register allows one per unit, the oldest). */
const withoutMoveIn = (unit: StoredUnit) => unit.tenancies.find((t) => t.moveIn === null && !t.vacancy && !t.erased);

/** Where each unit's tenancy without a move-in is reported from, for those that have one. */
async function unknownMoveIns(db: Db, units: StoredUnit[]): Promise<Map<string, UnknownMoveIn>> {
  const missing = units.flatMap((u) => {
    const t = withoutMoveIn(u);
    return t ? [{ unit: u.id, tenancy: t }] : [];
  });
  const since = await readSince(
    db,
    missing.map((m) => m.unit),
  );
  return new Map(
    missing.map(({ unit, tenancy }) => {
      const found = since.get(unit);
      const start = reportedStart(found?.since ?? null, tenancy.moveOut);
      return [unit, { tenancyId: tenancy.id, since: start, basis: start ? (found?.basis ?? null) : null }];
    }),
  );
}

/**
 * Each unit's last report to each of its connections, as `GET /api/units` answers it (docs/api.md,
 * "On-site-roles reports"): its state and time, the provider's transaction id or messages, and its
 * deadline; and, for a unit with a resident whose move-in is missing, where that tenancy's reports start.
 */
export async function attachReports(db: Db, units: StoredUnit[], day = today()): Promise<StoredUnit[]> {
  if (units.length === 0) return units;
  const unknown = await unknownMoveIns(db, units);
  const rows = await db
    .select({ report: osrReports })
    .from(osrReports)
    .innerJoin(connections, and(eq(connections.id, osrReports.connectionId), isNull(connections.deletedAt)))
    .where(
      inArray(
        osrReports.unitId,
        units.map((u) => u.id),
      ),
    )
    .orderBy(asc(connections.name));
  const byUnit = new Map<string, UnitReport[]>();
  const unitOf = new Map(units.map((u) => [u.id, u]));
  for (const { report: r } of rows) {
    const unit = unitOf.get(r.unitId)!;
    const view: UnitReport = {
      connectionId: r.connectionId,
      state: r.state,
      at: r.updatedAt.toISOString(),
      ...(r.state === "accepted" && r.transactionid && { transactionid: r.transactionid }),
      ...(r.messages && r.messages.length > 0 && { messages: r.messages }),
      attempts: r.attempts,
      retrying: r.state === "unknown" && r.nextAttemptAt !== null && r.attempts < MAX_ATTEMPTS,
      ...(r.httpStatus !== null && { status: r.httpStatus }),
      ...(r.acceptedAt && { acceptedAt: r.acceptedAt.toISOString() }),
      ...reportDeadline(unit.tenancies, r.state, day),
    };
    byUnit.set(r.unitId, [...(byUnit.get(r.unitId) ?? []), view]);
  }
  return units.map((u) => {
    const missing = unknown.get(u.id);
    return { ...u, reports: byUnit.get(u.id) ?? [], ...(missing && { unknownMoveIn: missing }) };
  });
}
