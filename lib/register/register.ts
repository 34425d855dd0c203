import "server-only";
import { consentColumns } from "@/lib/register/tenancies/consent";
import type { Principal } from "@/lib/auth/principal";
import { and, asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { containing } from "@/lib/db/rows";
import { tenancies } from "@/lib/db/schema/tenancies";
import { units } from "@/lib/db/schema/units";
import { AppError, notFound } from "@/lib/errors";
import type { UnitsSearch } from "@/lib/register/list";
import { tenancyOn } from "@/lib/register/tenancies/history";
import { registerChange } from "@/lib/register/tenancies/lock";
import { today } from "@/lib/today";
import { queueReports, wakeReports } from "@/lib/register/reporter";
import { UNIT_FIELDS } from "./columns";
import { EDIT_PATH, editFields, editProblems, editResident } from "./edit";
import { withHistories, type StoredUnit } from "./stored";
import { teamUnit } from "./team-unit";
import type { UnitEdit } from "./schemas";

/**
 * The register of one user (docs/api.md, "The unit register"): its page with search, and the edit
 * of one unit from the page (an admin's erasure is lib/register/tenancies/erase.ts). Another user's unit is
 * answered exactly like a missing one. The audit names the unit and which fields changed, never a
 * resident's name, e-mail or address.
 */

/** A unit is found by any of its tenancies' residents, former ones included. */
const byResident = (term: string) => sql`EXISTS (SELECT 1 FROM ${tenancies} WHERE ${tenancies.unitId} = ${units.id}
  AND (${tenancies.residentName} ILIKE ${term} OR ${tenancies.residentEmail} ILIKE ${term}))`;

/** A unit with a report of a live connection that the provider has not accepted. */
const openReport = sql`EXISTS (SELECT 1 FROM osr_reports r JOIN connections c ON c.id = r.connection_id
  AND c.deleted_at IS NULL WHERE r.unit_id = ${units.id} AND r.state <> 'accepted')`;

/** A unit with a resident whose move-in is missing (reported from "Bestand seit" or the oldest document). */
const unknownMoveIn = sql`EXISTS (SELECT 1 FROM ${tenancies} WHERE ${tenancies.unitId} = ${units.id}
  AND ${tenancies.moveIn} IS NULL AND NOT ${tenancies.vacancy} AND ${tenancies.erasedAt} IS NULL)`;

/** `only`: SQL of one column `property`, the properties a page's scope keeps (the caller's own, say). */
function searchCondition(p: Principal, search: UnitsSearch, only?: SQL): SQL | undefined {
  const term = search.q ? containing(search.q) : undefined;
  return and(
    eq(units.teamId, p.teamId),
    only ? sql`${units.property} IN (${only})` : undefined,
    search.property ? eq(units.property, search.property) : undefined,
    search.reports === "open" ? openReport : undefined,
    search.moveIn === "unknown" ? unknownMoveIn : undefined,
    term
      ? or(
          ilike(units.mscnumber, term),
          ilike(units.pmnumber, term),
          ilike(units.billingunit, term),
          ilike(units.property, term),
          ilike(units.label, term),
          ilike(units.address, term),
          byResident(term),
        )
      : undefined,
  );
}

/**
 * A page of the register, in the order property, label, unit; with the properties for the filter, those of `only`
 * when given (lib/views/units-page/units-page.ts passes the caller's own; its reports are joined there too).
 */
export async function listUnits(db: Db, p: Principal, search: UnitsSearch, only?: SQL) {
  const where = searchCondition(p, search, only);
  const [rows, [total], properties, [missing]] = await Promise.all([
    db
      .select()
      .from(units)
      .where(where)
      .orderBy(sql`${units.property} ASC NULLS LAST`, sql`${units.label} ASC NULLS LAST`, asc(units.unitKey))
      .limit(search.limit)
      .offset(search.offset),
    db.select({ n: count() }).from(units).where(where),
    db
      .select({ name: units.property, units: count() })
      .from(units)
      .where(
        and(
          eq(units.teamId, p.teamId),
          sql`${units.property} IS NOT NULL`,
          only ? sql`${units.property} IN (${only})` : undefined,
        ),
      )
      .groupBy(units.property)
      .orderBy(asc(units.property)),
    db
      .select({ n: count() })
      .from(units)
      .where(and(eq(units.teamId, p.teamId), unknownMoveIn)),
  ]);
  return { count: total?.n ?? 0, units: await withHistories(db, rows), properties, unknownMoveIns: missing?.n ?? 0 };
}

/**
 * The page's edit of one unit: its fields, and the present resident's details as a correction of
 * the same tenancy (its id stays); the rules of an imported row hold. A change of resident is a
 * move with dates, not an edit. Nothing changed writes nothing.
 */
export async function updateUnit(db: Db, p: Principal, id: string, edit: UnitEdit): Promise<StoredUnit> {
  const row = await teamUnit(db, p, id);
  const [unit] = await withHistories(db, [row]);
  if (!unit) throw notFound("unitsApi.notFound");
  const history = unit.tenancies;
  const present = tenancyOn(history, today());
  if (edit.resident && !present?.resident)
    throw new AppError(400, "validation", "error.validation", {
      fields: [{ path: "resident", message: "unitsApi.noPresentResident" }],
    });
  const fields = editFields(unit, edit);
  const resident = edit.resident && present?.resident ? editResident(present.resident, edit.resident) : null;
  const problems = editProblems(fields, resident, edit.resident?.channel);
  if (problems.length > 0)
    throw new AppError(400, "validation", "error.validation", {
      fields: problems.map((p) => ({ path: EDIT_PATH[p.column] ?? p.column, message: p.message, vars: p.vars })),
    });
  // Which fields changed, by name: the audit never holds their values.
  const changed: string[] = UNIT_FIELDS.filter((f) => fields[f] !== unit[f]);
  if (resident && present?.resident)
    for (const [k, v] of Object.entries(resident))
      if (present.resident[k as keyof typeof resident] !== v) changed.push(k);
  if (changed.length === 0) return unit;
  await registerChange(db, p, async (tx) => {
    await tx
      .update(units)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(units.id, row.id));
    if (resident && present)
      await tx
        .update(tenancies)
        .set({
          residentName: resident.name,
          salutation: resident.salutation,
          firstName: resident.firstName,
          lastName: resident.lastName,
          company: resident.company,
          residentEmail: resident.email,
          channel: resident.channel,
          postalAddress: resident.postalAddress,
          ...consentColumns(resident.consent ?? null),
          updatedAt: new Date(),
        })
        .where(and(eq(tenancies.id, present.id), eq(tenancies.unitId, row.id)));
    await recordEvent(tx, { kind: "unit.update", actor: principalActor(p), detail: { unit: row.id, changed } });
    // A new name or billing-unit number changes what the provider holds; a new label does not (same hash).
    await queueReports(tx, p, [row.id]);
  });
  wakeReports();
  return (await withHistories(db, [await teamUnit(db, p, id)]))[0]!;
}
