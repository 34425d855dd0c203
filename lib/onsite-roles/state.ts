import "server-only";
import { asc, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { tenancies } from "@/lib/db/schema/tenancies";
import { units } from "@/lib/db/schema/units";
import { quotedValues } from "@/lib/redact";
import { readSince } from "./basis";
import { buildReport, reportHash, type ReportBody, type ReportTenancy } from "./body";

/**
 * Units as they are reported: the register's numbers and each tenancy's dates and name parts, read
 * for the enqueue (to hash) and again by the sender (to send what the register holds then), with
 * the day a tenancy without a move-in is reported from (./basis.ts), so a change of that day is a
 * change of the state. A unit without a billing-unit number or a usage-unit number, or with a
 * tenancy without a move-in and no such day, is not reportable (absent here). Beside the body,
 * `quoted`: every value of the unit's residents that a provider's answer might quote (name parts,
 * e-mail, postal address), to be taken out of its messages; not sent, not hashed.
 */

export type UnitState = { body: ReportBody; hash: string; quoted: string[] };

export async function readUnitStates(db: Db, unitIds: string[]): Promise<Map<string, UnitState>> {
  const out = new Map<string, UnitState>();
  if (unitIds.length === 0) return out;
  const [unitRows, tenancyRows, since] = await Promise.all([
    db
      .select({ id: units.id, billingunit: units.billingunit, mscnumber: units.mscnumber, pmnumber: units.pmnumber })
      .from(units)
      .where(inArray(units.id, unitIds)),
    db
      .select({
        id: tenancies.id,
        unitId: tenancies.unitId,
        moveIn: tenancies.moveIn,
        moveOut: tenancies.moveOut,
        vacancy: tenancies.vacancy,
        erasedAt: tenancies.erasedAt,
        residentName: tenancies.residentName,
        firstName: tenancies.firstName,
        lastName: tenancies.lastName,
        company: tenancies.company,
        email: tenancies.residentEmail,
        postalAddress: tenancies.postalAddress,
      })
      .from(tenancies)
      .where(inArray(tenancies.unitId, unitIds))
      .orderBy(asc(tenancies.id)),
    readSince(db, unitIds),
  ]);
  const histories = new Map<string, ReportTenancy[]>();
  const quoted = new Map<string, string[]>();
  for (const t of tenancyRows) {
    const values = quoted.get(t.unitId) ?? [];
    values.push(
      ...quotedValues({
        names: [t.residentName, t.firstName, t.lastName, t.company],
        email: t.email,
        address: t.postalAddress,
      }),
    );
    quoted.set(t.unitId, values);
    const person =
      t.residentName && !t.erasedAt && !t.vacancy
        ? { name: t.residentName, firstName: t.firstName, lastName: t.lastName, company: t.company }
        : null;
    histories.set(t.unitId, [
      ...(histories.get(t.unitId) ?? []),
      {
        id: t.id,
        moveIn: t.moveIn,
        moveOut: t.moveOut,
        vacancy: t.vacancy,
        erased: t.erasedAt !== null,
        resident: person,
      },
    ]);
  }
  for (const u of unitRows) {
    if (!u.billingunit || !u.mscnumber) continue;
    const body = buildReport(
      { billingunit: u.billingunit, mscnumber: u.mscnumber, pmnumber: u.pmnumber },
      histories.get(u.id) ?? [],
      since.get(u.id)?.since ?? null,
    );
    if (!body) continue;
    const partners = body.partners.flatMap((p) => [p.name, p.firstname ?? ""]);
    out.set(u.id, { body, hash: reportHash(body), quoted: [...(quoted.get(u.id) ?? []), ...partners] });
  }
  return out;
}
