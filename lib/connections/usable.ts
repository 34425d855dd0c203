import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { users } from "@/lib/db/schema/users";

/**
 * The one rule of who may work through a connection (issue #46): members of the team it serves (`team_id`, kept
 * when the owner leaves) only; among them its owner, and every member while it is shared or while its owner is no
 * active member of that team any more (moved to another team, or disabled: it serves the team until an admin
 * transfers or removes it). An owner moved to another team works through it no more. Syncing, reading, confirming
 * and handing on ask it; settings (edit, delete, new credentials) stay the owner's or an admin's (./changes.ts).
 * Every query that restricts connections to those a user works with uses one of these, never `user_id = …` alone.
 */
const usable = (c: SQL, userId: SQL, teamId: SQL): SQL =>
  sql`(${c}.team_id = ${teamId} AND (${c}.user_id = ${userId} OR ${c}.shared OR NOT EXISTS (SELECT 1 FROM users o
    WHERE o.id = ${c}.user_id AND o.team_id = ${c}.team_id AND NOT o.disabled)))`;

/** The rule for the principal, on the connections row named `alias` in the query (`c` unless told). */
export const usableBy = (p: Principal, alias = "c"): SQL =>
  usable(sql`${sql.identifier(alias)}`, sql`${p.userId}::uuid`, sql`${p.teamId}::uuid`);

/** The rule for the `users` row of the same query (the session check, ./connections.ts `sessionConnection`). */
export const usableBySessionUser = (): SQL =>
  usable(sql`${sql.identifier("connections")}`, sql`${users.id}`, sql`${users.teamId}`);
