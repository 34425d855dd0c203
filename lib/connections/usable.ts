import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { users } from "@/lib/db/schema/users";

/**
 * The one rule of who may work through a connection (issue #46): its owner, and, while it is shared, every member
 * of the team it serves (`team_id`, kept when the owner leaves). Syncing, reading, confirming and handing on ask it;
 * settings (edit, delete, new credentials) stay the owner's or an admin's (./changes.ts). Every query that restricts
 * connections to those a user works with uses one of these, never `user_id = …` alone.
 */
const usable = (c: SQL, userId: SQL, teamId: SQL): SQL =>
  sql`(${c}.user_id = ${userId} OR (${c}.shared AND ${c}.team_id = ${teamId}))`;

/** The rule for the principal, on the connections row named `alias` in the query (`c` unless told). */
export const usableBy = (p: Principal, alias = "c"): SQL =>
  usable(sql`${sql.identifier(alias)}`, sql`${p.userId}::uuid`, sql`${p.teamId}::uuid`);

/** The rule for the `users` row of the same query (the session check, ./connections.ts `sessionConnection`). */
export const usableBySessionUser = (): SQL =>
  usable(sql`${sql.identifier("connections")}`, sql`${users.id}`, sql`${users.teamId}`);
