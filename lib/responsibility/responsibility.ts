import "server-only";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { propertyResponsibility } from "@/lib/db/schema/responsibility";
import { users } from "@/lib/db/schema/users";
import { AppError, forbidden, notFound, type FieldError } from "@/lib/errors";
import type { ResponsibleInput } from "./schemas";

/**
 * Who looks after which property of the team's register, and who stands in (issue #46, docs/api.md "Responsibility
 * and absence"). Any member sets it; both people must be members of the caller's team, and the property one of the
 * team's register. A member moved to another team is no longer read as responsible or deputy (every read joins the
 * team's members), so their properties show no one until a member names someone.
 */

export type Person = { id: string; name: string };
export type Responsibility = { property: string; responsible: Person; deputy: Person | null };
export type TeamResponsibility = {
  members: Person[];
  properties: { property: string; responsible: Person | null; deputy: Person | null }[];
};
/** A property as the month page shows it: who is responsible, the deputy, and whom the caller stands in for. */
export type PropertyPeople = { responsible: Person | null; deputy: Person | null; standIn: { forName: string } | null };

/** The most properties `GET /api/properties/responsible` lists. */
export const MAX_RESPONSIBILITY_PROPERTIES = 1000;

async function membersOf(db: Db, p: Principal): Promise<Person[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.teamId, p.teamId))
    .orderBy(asc(users.name), asc(users.email));
}

/** Every row of the team's responsibility with the names of members only (see above). */
const namedRows = (p: Principal, where: SQL = sql`true`) => sql`SELECT r.property,
    ru.id AS responsible_id, ru.name AS responsible_name, du.id AS deputy_id, du.name AS deputy_name
  FROM property_responsibility r
  LEFT JOIN users ru ON ru.id = r.responsible_id AND ru.team_id = r.team_id
  LEFT JOIN users du ON du.id = r.deputy_id AND du.team_id = r.team_id
  WHERE r.team_id = ${p.teamId}::uuid AND ${where}`;
type NamedRow = {
  property: string;
  responsible_id: string | null;
  responsible_name: string | null;
  deputy_id: string | null;
  deputy_name: string | null;
};
const personOf = (id: string | null, name: string | null): Person | null => (id ? { id, name: name ?? "" } : null);

/** The team's members and each property of its register with who looks after it (`GET /api/properties/responsible`). */
export async function readTeamResponsibility(db: Db, p: Principal): Promise<TeamResponsibility> {
  const [members, properties, named] = await Promise.all([
    membersOf(db, p),
    db.execute(sql`SELECT DISTINCT property FROM units WHERE team_id = ${p.teamId}::uuid AND property IS NOT NULL
      ORDER BY property LIMIT ${MAX_RESPONSIBILITY_PROPERTIES}`),
    db.execute(namedRows(p)),
  ]);
  const byProperty = new Map(rowsOf<NamedRow>(named).map((r) => [r.property, r]));
  return {
    members,
    properties: rowsOf<{ property: string }>(properties).map(({ property }) => {
      const r = byProperty.get(property);
      return {
        property,
        responsible: r ? personOf(r.responsible_id, r.responsible_name) : null,
        deputy: r ? personOf(r.deputy_id, r.deputy_name) : null,
      };
    }),
  };
}

const notMember = (path: string): FieldError => ({ path, message: "responsibility.notMember" });

/** Names the responsible member and the deputy of one property of the team's register; audited. Support reads only. */
export async function setResponsible(db: Db, p: Principal, input: ResponsibleInput): Promise<Responsibility> {
  if (p.role === "support") throw forbidden();
  const deputyId = input.deputyId ?? null;
  return db.transaction(async (tx) => {
    const ids = [input.responsibleId, ...(deputyId ? [deputyId] : [])];
    const found = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.teamId, p.teamId), inArray(users.id, ids)));
    const person = (id: string) => found.find((u) => u.id === id);
    const fields = [
      ...(person(input.responsibleId) ? [] : [notMember("responsibleId")]),
      ...(deputyId && !person(deputyId) ? [notMember("deputyId")] : []),
    ];
    if (fields.length > 0) throw new AppError(400, "validation", "error.validation", { fields });
    const [known] = rowsOf<{ one: number }>(
      await tx.execute(sql`SELECT 1 AS one FROM units WHERE team_id = ${p.teamId}::uuid AND property = ${input.property}
        LIMIT 1`),
    );
    if (!known) throw notFound("responsibility.unknownProperty");
    const values = { responsibleId: input.responsibleId, deputyId, updatedAt: new Date(), updatedBy: p.userId };
    await tx
      .insert(propertyResponsibility)
      .values({ teamId: p.teamId, property: input.property, ...values })
      .onConflictDoUpdate({ target: [propertyResponsibility.teamId, propertyResponsibility.property], set: values });
    await recordEvent(tx, {
      kind: "property.responsible",
      actor: principalActor(p),
      detail: { teamId: p.teamId, property: input.property, responsibleId: input.responsibleId, deputyId },
    });
    return {
      property: input.property,
      responsible: person(input.responsibleId)!,
      deputy: deputyId ? person(deputyId)! : null,
    };
  });
}

/** The absent members on `day` (`YYYY-MM-DD`): their absence covers it, first and last day counted. */
const absentOn = (who: SQL, day: string) =>
  sql`EXISTS (SELECT 1 FROM absences a WHERE a.user_id = ${who} AND a.starts <= ${day}::date AND a.ends >= ${day}::date)`;

/**
 * The properties of the team that `p` acts for on `day`: those p is responsible for, and those where p is the deputy
 * and the responsible member is absent (with whom p stands in for). As SQL of one column `property`, for the month
 * page's filter ("Meine Liegenschaften").
 */
export const actingForSql = (p: Principal, day: string): SQL => sql`SELECT r.property FROM property_responsibility r
  JOIN users ru ON ru.id = r.responsible_id AND ru.team_id = r.team_id
  WHERE r.team_id = ${p.teamId}::uuid AND (r.responsible_id = ${p.userId}::uuid
    OR (r.deputy_id = ${p.userId}::uuid AND ${absentOn(sql`r.responsible_id`, day)}))`;

/** What a page of the register's properties shows: "Meine Liegenschaften" or the whole team's. */
export type Scope = "mine" | "team";

/**
 * The scope a page opens at (issue #46): as asked (`1` mine, `0` the whole team); unasked, the caller's own properties
 * when they act for any on `day`, else the whole team's, so that a member nobody has named yet sees the team's work.
 */
export async function scopeOf(db: Db, p: Principal, asked: "1" | "0" | undefined, day: string): Promise<Scope> {
  if (asked) return asked === "1" ? "mine" : "team";
  const [row] = rowsOf<{ acts: boolean }>(await db.execute(sql`SELECT EXISTS (${actingForSql(p, day)}) AS acts`));
  return row?.acts ? "mine" : "team";
}

export type Acting = { property: string; standInFor: Person | null };

/** `actingForSql` read: each property p acts for on `day`, with the absent member p stands in for (else null). */
export async function actingFor(db: Db, p: Principal, day: string): Promise<Acting[]> {
  const rows = rowsOf<NamedRow>(
    await db.execute(sql`${namedRows(p)} AND r.property IN (${actingForSql(p, day)}) ORDER BY r.property`),
  );
  return rows.map((r) => ({
    property: r.property,
    standInFor: r.responsible_id === p.userId ? null : personOf(r.responsible_id, r.responsible_name),
  }));
}

/** Who looks after each of `properties` (the month page's rows), and whether p stands in for someone on `day`. */
export async function peopleOf(
  db: Db,
  p: Principal,
  day: string,
  properties: string[],
): Promise<Map<string, PropertyPeople>> {
  if (properties.length === 0) return new Map();
  const list = sql.join(
    properties.map((v) => sql`${v}`),
    sql`, `,
  );
  const rows = rowsOf<NamedRow & { stands_in: boolean }>(
    await db.execute(sql`SELECT n.*, (n.deputy_id = ${p.userId}::uuid AND n.responsible_id IS NOT NULL
        AND ${absentOn(sql`n.responsible_id`, day)}) AS stands_in
      FROM (${namedRows(p, sql`r.property IN (${list})`)}) n`),
  );
  return new Map(
    rows.map((r) => [
      r.property,
      {
        responsible: personOf(r.responsible_id, r.responsible_name),
        deputy: personOf(r.deputy_id, r.deputy_name),
        standIn: r.stands_in ? { forName: r.responsible_name ?? "" } : null,
      },
    ]),
  );
}
