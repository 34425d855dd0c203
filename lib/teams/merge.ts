import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { releases } from "@/lib/db/schema/releases";
import { teams } from "@/lib/db/schema/teams";
import { AppError, notFound } from "@/lib/errors";
import { forgetConnectionTokens } from "@/lib/provider/token";
import { lockTeamRegister, serialisedTeam } from "@/lib/register/tenancies/lock";
import { findTwins, mergeTwins, moveConnections } from "./merge-connections";
import { copyOutcomes } from "./merge-outcomes";
import { createMaps, dropMergedUnits, mergeUnits, type UnitConflict } from "./merge-units";
import type { MergeTeamsInput } from "./schemas";

/**
 * `POST /api/teams/{id}/merge` (issue #46, docs/api.md "Teams"): an admin merges team `from` into team `id`, in one
 * transaction that holds both registers' locks (taken in the order of the team ids, so two merges never wait for
 * each other), so nothing is ever half merged.
 *
 * - Users: every member of `from` joins `id`; their next request sees its data (the team is read with the session).
 * - Units (lib/teams/merge-units.ts): a key only `from` has moves as it is; a key both have is compared by its
 *   history as the export writes it (lib/teams/merge-history.ts). Equal: its hand-offs, assignments, portal links and
 *   reports go to the kept unit and its tenancy at the same place, and the going unit is deleted. Different: a
 *   conflict, listed with the going unit's rows in the import's columns; the kept unit stays exactly as it is, the
 *   going one's records go to it (a tenancy of the same person and move-in, else none) and the going one is deleted.
 * - Texts, "Bestand seit" and responsibilities: the kept team's win on the same property (or at all), the rest move.
 * - Releases: open ones of `from` become void (`team_merged`), the others move; so do its runs.
 * - Connections (lib/teams/merge-connections.ts): a twin (same provider account as one of the kept team) is joined
 *   into it, its records kept, and deleted; the others move. Hand-off outcomes: lib/teams/merge-outcomes.ts.
 *
 * The team row of `from` stays, empty. Audited as `team.merge` with unit keys and counts, never a name.
 */

export type MergeAnswer = { units: { merged: number; conflicts: UnitConflict[] }; connections: { merged: number } };

const EVERY_TEAM_TABLE = ["handoff_texts", "property_responsibility"] as const;

/** The team's texts and responsibilities (the kept one's on the same property), settings and releases. */
async function moveTeamRecords(tx: Db, p: Principal, from: string, into: string): Promise<number> {
  for (const table of EVERY_TEAM_TABLE) {
    const t = sql.identifier(table);
    await tx.execute(sql`DELETE FROM ${t} f WHERE f.team_id = ${from}::uuid
      AND EXISTS (SELECT 1 FROM ${t} x WHERE x.team_id = ${into}::uuid AND x.property = f.property)`);
    await tx.execute(sql`UPDATE ${t} SET team_id = ${into}::uuid WHERE team_id = ${from}::uuid`);
  }
  await tx.execute(sql`DELETE FROM register_settings WHERE team_id = ${from}::uuid
    AND EXISTS (SELECT 1 FROM register_settings x WHERE x.team_id = ${into}::uuid)`);
  await tx.execute(sql`UPDATE register_settings SET team_id = ${into}::uuid WHERE team_id = ${from}::uuid`);
  const voided = await tx
    .update(releases)
    .set({ state: "void", voidReason: "team_merged" })
    .where(and(eq(releases.teamId, from), eq(releases.state, "open")))
    .returning({ id: releases.id, kind: releases.kind, connectionId: releases.connectionId });
  for (const r of voided)
    await recordEvent(tx, {
      kind: "release.void",
      actor: principalActor(p),
      connectionId: r.connectionId,
      detail: { releaseId: r.id, kind: r.kind, reason: "team_merged" },
    });
  await tx.update(releases).set({ teamId: into }).where(eq(releases.teamId, from));
  await tx.execute(sql`UPDATE runs SET team_id = ${into}::uuid WHERE team_id = ${from}::uuid`);
  await tx.execute(sql`UPDATE handoff_replies SET team_id = ${into}::uuid WHERE team_id = ${from}::uuid`);
  return voided.length;
}

async function refuse(tx: Db, into: string, from: string): Promise<void> {
  const found = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(inArray(teams.id, [into, from]))
    .for("update");
  if (found.length < 2) throw notFound("teams.notFound");
}

async function merge(tx: Db, p: Principal, into: string, from: string) {
  // The registers' locks first, in the order of the ids, then the team rows (one statement locks them in any order).
  for (const team of [into, from].sort()) await lockTeamRegister(tx, team);
  await refuse(tx, into, from);
  await createMaps(tx);
  const members = rowsOf<{ id: string }>(
    await tx.execute(sql`UPDATE users SET team_id = ${into}::uuid, updated_at = now()
      WHERE team_id = ${from}::uuid RETURNING id`),
  );
  const units = await mergeUnits(tx, from, into);
  const twins = await findTwins(tx, from, into);
  await mergeTwins(tx);
  await copyOutcomes(tx);
  await dropMergedUnits(tx);
  await moveConnections(tx, from, into);
  const voided = await moveTeamRecords(tx, p, from, into);
  await recordEvent(tx, {
    kind: "team.merge",
    actor: principalActor(p),
    detail: {
      into,
      from,
      members: members.length,
      unitsMerged: units.merged,
      equal: units.keys.equal,
      conflicts: units.keys.conflict,
      connectionsMerged: twins.length,
      twins,
      releasesVoided: voided,
    },
  });
  const answer = { units: { merged: units.merged, conflicts: units.conflicts }, connections: { merged: twins.length } };
  return { answer, twins };
}

/** Merges team `from` into team `into` (admins; the route refuses everyone else). */
export async function mergeTeams(db: Db, p: Principal, into: string, input: MergeTeamsInput): Promise<MergeAnswer> {
  if (into === input.from) throw new AppError(400, "same_team", "teams.mergeSame");
  const [first, second] = [into, input.from].sort();
  const { answer, twins } = await serialisedTeam(first!, () =>
    serialisedTeam(second!, () => db.transaction((tx) => merge(tx, p, into, input.from))),
  );
  for (const id of twins) forgetConnectionTokens(id);
  return answer;
}
