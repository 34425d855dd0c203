import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { connections, type ConnectionRow } from "@/lib/db/schema/connections";
import { users } from "@/lib/db/schema/users";
import { AppError } from "@/lib/errors";

/**
 * The provider account a connection reaches: the same service at the same origin, signed in as the
 * same user name or client id, for the same customer number (`kd`). Two connections with the same
 * account see the same documents, and a confirmation through one removes them from the other; the
 * path below the origin and the kind of sign-in do not make another account.
 */
export type Account = {
  service: ConnectionRow["service"];
  origin: string;
  principal: string;
  customerNumber: string | null;
};

type AccountFields = Pick<ConnectionRow, "service" | "baseUrl" | "principal" | "customerNumber">;

/** `baseUrl` is stored parsed (lib/connections/schemas.ts), so `URL.origin` gives one spelling per origin. */
export const accountOf = (c: AccountFields): Account => ({
  service: c.service,
  origin: new URL(c.baseUrl).origin,
  principal: c.principal,
  customerNumber: c.customerNumber || null,
});

export const sameAccount = (a: Account, b: Account): boolean =>
  a.service === b.service &&
  a.origin === b.origin &&
  a.principal === b.principal &&
  a.customerNumber === b.customerNumber;

/**
 * The connections (not deleted) that reach `account`: those serving a team with `{ team }` (shared or not),
 * every user's with `{ everyUser: true }` (say so at the call: support's view of one account);
 * `exceptId` leaves out the connection being edited.
 */
export async function connectionsToAccount(
  db: Db,
  account: Account,
  scope: ({ team: string } | { everyUser: true }) & { exceptId?: string },
): Promise<ConnectionRow[]> {
  // Every user's rows only when the caller asked for them by name, never by a missing team id.
  const owner = "everyUser" in scope ? sql`true` : eq(connections.teamId, scope.team);
  const rows = await db
    .select()
    .from(connections)
    .where(
      and(
        isNull(connections.deletedAt),
        eq(connections.service, account.service),
        eq(connections.principal, account.principal),
        owner,
      ),
    );
  // The origin and the empty customer number are compared as `accountOf` spells them, not as stored.
  return rows.filter((row) => row.id !== scope.exceptId && sameAccount(accountOf(row), account));
}

/**
 * Refuses a team's second connection to the same account (`409 duplicate_connection`, naming the
 * one there is), whoever owns it and whether shared or not (issue #46): both would list every document, and a
 * confirmation through one would leave the other's copy looking gone. A teammate's connection not shared yet is
 * named with its owner, who can share it instead. Not a database constraint: the origin is compared as a URL.
 * `team`: the team the connection serves (the principal's for a new one).
 */
export async function refuseSecondConnection(
  db: Db,
  p: Principal,
  account: Account,
  where: { team: string; exceptId?: string },
): Promise<void> {
  const [existing] = await connectionsToAccount(db, account, where);
  if (!existing) return;
  const usable = existing.userId === p.userId || existing.shared;
  const [owner] = usable ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, existing.userId));
  throw new AppError(409, "duplicate_connection", usable ? "connections.duplicate" : "connections.duplicateUnshared", {
    vars: { name: existing.name, owner: owner?.name ?? "" },
    extra: { connectionId: existing.id },
  });
}
