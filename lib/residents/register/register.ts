import "server-only";
import { and, asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { actorOf, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { scrubTables } from "@/lib/db/scrub";
import { containing } from "@/lib/db/rows";
import { units, type UnitRow } from "@/lib/db/schema/units";
import { AppError, notFound } from "@/lib/errors";
import type { UnitsSearch } from "@/lib/lists/units";
import { CHANNEL_WORDS, type UnitColumn } from "./columns";
import { changedColumns, cleanCell, unitFromCells } from "./rows";
import { toUnit, type StoredUnit } from "./stored";
import type { UnitEdit } from "./schemas";

/**
 * The register of one user (docs/api.md, "The unit register"): its page with search, the edit of
 * one unit from the page, and the erasure of a resident's data by an admin. Another user's unit is
 * answered exactly like a missing one. The audit names the unit and which fields changed, never a
 * resident's name, e-mail or address.
 */

type Person = { id: string; email: string };

function searchCondition(userId: string, search: UnitsSearch): SQL | undefined {
  const term = search.q ? containing(search.q) : undefined;
  return and(
    eq(units.userId, userId),
    search.property ? eq(units.property, search.property) : undefined,
    term
      ? or(
          ilike(units.mscnumber, term),
          ilike(units.pmnumber, term),
          ilike(units.property, term),
          ilike(units.label, term),
          ilike(units.address, term),
          ilike(units.residentName, term),
          ilike(units.residentEmail, term),
        )
      : undefined,
  );
}

/** A page of the register, in the order property, label, unit; with the user's properties for the filter. */
export async function listUnits(db: Db, userId: string, search: UnitsSearch) {
  const where = searchCondition(userId, search);
  const [rows, [total], properties] = await Promise.all([
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
      .where(and(eq(units.userId, userId), sql`${units.property} IS NOT NULL`))
      .groupBy(units.property)
      .orderBy(asc(units.property)),
  ]);
  return { count: total?.n ?? 0, units: rows.map(toUnit), properties };
}

async function ownUnit(db: Db, userId: string, id: string): Promise<UnitRow> {
  const [row] = await db
    .select()
    .from(units)
    .where(and(eq(units.id, id), eq(units.userId, userId)));
  if (!row) throw notFound("unitsApi.notFound");
  return row;
}

/** Where a problem of a cell sits in the edit's body. */
const PATH: Record<UnitColumn, string> = {
  mscnumber: "mscnumber",
  pmnumber: "pmnumber",
  property: "property",
  address: "address",
  label: "label",
  resident: "resident.name",
  email: "resident.email",
  channel: "resident.channel",
  postalAddress: "resident.postalAddress",
};

const residentSet = (row: UnitRow, name: string | null) =>
  name === null ? null : name === row.residentName ? row.residentSince : new Date();

/** The page's edit of one unit: the same rules as a row of the import; the numbers stay. */
export async function updateUnit(db: Db, user: Person, id: string, edit: UnitEdit): Promise<StoredUnit> {
  const row = await ownUnit(db, user.id, id);
  const r = edit.resident === undefined ? toUnit(row).resident : edit.resident;
  const cells: Partial<Record<UnitColumn, string | null>> = {
    mscnumber: row.mscnumber,
    pmnumber: row.pmnumber,
    property: edit.property === undefined ? row.property : cleanCell(edit.property ?? "", "property"),
    address: edit.address === undefined ? row.address : cleanCell(edit.address ?? "", "address"),
    label: edit.label === undefined ? row.label : cleanCell(edit.label ?? "", "label"),
    resident: r ? cleanCell(r.name, "resident") : null,
    email: r?.email ? cleanCell(r.email, "email") : null,
    channel: r ? CHANNEL_WORDS[r.channel] : null,
    postalAddress: r?.postalAddress ? cleanCell(r.postalAddress, "postalAddress") : null,
  };
  const { unit, problems } = unitFromCells(cells);
  if (problems.length > 0) {
    throw new AppError(400, "validation", "error.validation", {
      fields: problems.map((p) => ({ path: PATH[p.column], message: p.message, vars: p.vars })),
    });
  }
  // Which fields changed, by name: the audit never holds their values.
  const changed = changedColumns(unit, toUnit(row));
  const [saved] = await db
    .update(units)
    .set({
      property: unit.property,
      address: unit.address,
      label: unit.label,
      residentName: unit.resident?.name ?? null,
      residentEmail: unit.resident?.email ?? null,
      channel: unit.resident?.channel ?? null,
      postalAddress: unit.resident?.postalAddress ?? null,
      residentSince: residentSet(row, unit.resident?.name ?? null),
      updatedAt: new Date(),
    })
    .where(eq(units.id, row.id))
    .returning();
  await recordEvent(db, { kind: "unit.update", actor: actorOf(user), detail: { unit: row.id, changed } });
  return toUnit(saved!);
}

/**
 * An admin erases one resident's personal data (name, e-mail, postal address); the unit stays.
 * The register is the only table that holds them (docs/api.md, "The unit register"): it is
 * rewritten afterwards, so that the old values leave the database's files too (lib/db/scrub.ts).
 */
export async function eraseResident(db: Db, admin: Person, id: string): Promise<StoredUnit> {
  const [saved] = await db
    .update(units)
    .set({
      residentName: null,
      residentEmail: null,
      channel: null,
      postalAddress: null,
      residentSince: null,
      updatedAt: new Date(),
    })
    .where(eq(units.id, id))
    .returning();
  if (!saved) throw notFound("unitsApi.notFound");
  await recordEvent(db, {
    kind: "resident.erase",
    actor: actorOf(admin),
    detail: { unit: saved.id, owner: saved.userId },
  });
  await scrubTables(["units"]);
  return toUnit(saved);
}
