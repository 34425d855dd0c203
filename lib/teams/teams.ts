import "server-only";
import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { teams, type TeamRow } from "@/lib/db/schema/teams";
import { users, type Role } from "@/lib/db/schema/users";
import { forbidden, notFound } from "@/lib/errors";
import type { CreateTeamInput, UpdateTeamInput } from "./schemas";

/**
 * The teams (issue #46, docs/api.md "Teams"): every user belongs to exactly one, and what a manager keeps belongs to
 * it. Admins list, make and rename them; a member may rename their own and set its four eyes. Another team answers
 * 404 to a member, exactly like a missing one.
 */

export type TeamMember = { id: string; email: string; name: string; role: Role };
export type TeamView = {
  id: string;
  name: string;
  members: TeamMember[];
  fourEyes: { enabled: boolean; minDocuments: number };
};

async function withMembers(db: Db, rows: TeamRow[]): Promise<TeamView[]> {
  const members =
    rows.length === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email, name: users.name, role: users.role, teamId: users.teamId })
          .from(users)
          .where(
            inArray(
              users.teamId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(users.name), asc(users.email));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    members: members.filter((m) => m.teamId === r.id).map(({ teamId: _team, ...m }) => m),
    fourEyes: { enabled: r.fourEyes, minDocuments: r.fourEyesMinDocuments },
  }));
}

/** Every team with its members (admins). */
export async function listTeams(db: Db): Promise<TeamView[]> {
  return withMembers(db, await db.select().from(teams).orderBy(asc(teams.name), asc(teams.id)));
}

/** The principal's own team, or another one for an admin; anything else is 404. */
export async function readTeam(db: Db, p: Principal, id: string): Promise<TeamView> {
  if (id !== p.teamId && p.role !== "admin") throw notFound("teams.notFound");
  const [row] = await db.select().from(teams).where(eq(teams.id, id));
  if (!row) throw notFound("teams.notFound");
  return (await withMembers(db, [row]))[0]!;
}

/** A new, empty team (admins); users join it through `POST`/`PATCH /api/users`. */
export async function createTeam(db: Db, p: Principal, input: CreateTeamInput): Promise<TeamView> {
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(teams).values({ id, name: input.name }).returning();
    await recordEvent(tx, { kind: "team.create", actor: principalActor(p), detail: { teamId: id, name: input.name } });
    return (await withMembers(tx, [row!]))[0]!;
  });
}

/**
 * Renames a team or sets its four eyes: an admin any team, a manager their own (support reads, never changes: 403);
 * audited with what changed.
 */
export async function updateTeam(db: Db, p: Principal, id: string, input: UpdateTeamInput): Promise<TeamView> {
  if (id !== p.teamId && p.role !== "admin") throw notFound("teams.notFound");
  if (p.role === "support") throw forbidden();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(teams).where(eq(teams.id, id)).for("update");
    if (!before) throw notFound("teams.notFound");
    const [row] = await tx
      .update(teams)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.fourEyes && {
          fourEyes: input.fourEyes.enabled,
          fourEyesMinDocuments: input.fourEyes.minDocuments,
        }),
        updatedAt: new Date(),
      })
      .where(eq(teams.id, id))
      .returning();
    const fields = [
      input.name !== undefined && input.name !== before.name && "name",
      input.fourEyes &&
        (input.fourEyes.enabled !== before.fourEyes || input.fourEyes.minDocuments !== before.fourEyesMinDocuments) &&
        "fourEyes",
    ].filter((f): f is string => typeof f === "string");
    if (fields.length > 0)
      await recordEvent(tx, {
        kind: "team.update",
        actor: principalActor(p),
        detail: { teamId: id, fields, fourEyes: { enabled: row!.fourEyes, minDocuments: row!.fourEyesMinDocuments } },
      });
    return (await withMembers(tx, [row!]))[0]!;
  });
}

/** The signed-in user's team as `GET /api/me` names it. */
export async function teamOf(db: Db, p: Principal): Promise<{ id: string; name: string }> {
  const [row] = await db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, p.teamId));
  return row ?? { id: p.teamId, name: "" };
}
