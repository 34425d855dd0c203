import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { connections, type ConnectionRow } from "@/lib/db/schema/connections";
import { deliverySync } from "@/lib/db/schema/delivery";
import { users } from "@/lib/db/schema/users";
import { AppError } from "@/lib/errors";
import { connectionNotFound, ownerOf, toView, type ConnectionView } from "./connections";
import { openCounts } from "./open-counts";
import { CONNECTION_ROLES } from "./roles";

/**
 * Whose a connection is (issue #46): its settings (edit, share, delete) are its owner's or an admin's, while the
 * members of its team work through it when it is shared (./usable.ts); an admin hands it to another member of its
 * team. The secret is sealed for the connection's id, not for its owner (./secrets.ts), so a new owner needs no
 * re-sealing: the sealed value stays where it is, unread.
 */

/** `403` for a member who works through a teammate's shared connection but may not change it. */
export async function refuseUnlessOwner(db: Db, p: Principal, connection: ConnectionRow): Promise<void> {
  if (connection.userId === p.userId || p.role === "admin") return;
  const owner = await ownerOf(db, connection);
  throw new AppError(403, "forbidden", "connections.notOwner", { vars: { owner: owner.name } });
}

/** A connection not deleted, of any team: for the admin's transfer only (`404` when there is none). */
export async function connectionForAdmin(db: Db, p: Principal, id: string): Promise<ConnectionRow> {
  if (p.role !== "admin") throw connectionNotFound();
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.id, id), isNull(connections.deletedAt)))
    .limit(1);
  if (!row) throw connectionNotFound();
  return row;
}

const notAMember = () =>
  new AppError(400, "validation", "error.validation", {
    fields: [{ path: "userId", message: "connections.transferNotMember" }],
  });

/**
 * Makes `userId` the owner of `connection` (admin only, at the route): a manager or admin of the team the
 * connection serves, else `400` naming `userId`. The team, `shared` and the sealed secret stay as they are.
 */
export async function transferConnection(
  db: Db,
  p: Principal,
  connection: ConnectionRow,
  userId: string,
): Promise<ConnectionView> {
  const [target] = await db
    .select({ id: users.id, name: users.name, role: users.role, teamId: users.teamId, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!target || target.disabled || target.teamId !== connection.teamId || !CONNECTION_ROLES.includes(target.role))
    throw notAMember();
  const [row] = await db
    .update(connections)
    .set({ userId: target.id, updatedAt: new Date() })
    .where(and(eq(connections.id, connection.id), isNull(connections.deletedAt)))
    .returning();
  if (!row) throw connectionNotFound();
  await recordEvent(db, {
    kind: "connection.update",
    actor: principalActor(p),
    connectionId: connection.id,
    detail: { changed: ["owner"], from: connection.userId, to: target.id, name: row.name },
  });
  const [[sync], open] = await Promise.all([
    db.select().from(deliverySync).where(eq(deliverySync.connectionId, row.id)).limit(1),
    openCounts(db, p),
  ]);
  return toView(row, { owner: { id: target.id, name: target.name }, by: p }, sync ?? null, "de", open.get(row.id) ?? 0);
}
