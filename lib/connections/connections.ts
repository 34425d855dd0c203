import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { SessionClaims } from "@/lib/auth/options";
import type { Principal } from "@/lib/auth/principal";
import { sessionUser, sessionUserColumns, type CurrentUser } from "@/lib/auth/session";
import type { Db } from "@/lib/db/client";
import { connections, type ConnectionRow } from "@/lib/db/schema/connections";
import { deliverySync, type SyncRow } from "@/lib/db/schema/delivery";
import { users } from "@/lib/db/schema/users";
import { env } from "@/lib/env";
import { notFound } from "@/lib/errors";
import { isMessageKey, translate, type Locale } from "@/lib/i18n/messages";
import { openCounts } from "./open-counts";
import { ConnectionId } from "./schemas";
import { usableBy, usableBySessionUser } from "./usable";

/**
 * A connection as the dashboard reads it: its view, the list, and the one access check `sessionConnection`.
 * Its audited changes (create, edit, delete) are in changes.ts.
 */

/**
 * The public shape of a connection: never a secret, never the sealed value. The list holds the caller's own and
 * the shared ones of their team (./usable.ts).
 */
export type ConnectionView = {
  id: string;
  name: string;
  service: "uvi" | "dta";
  baseUrl: string;
  authUrl: string | null;
  authType: "basic" | "client_credentials";
  /** The user name (Basic) or client id (OAuth): who signs in, never with what. */
  principal: string;
  customerNumber: string | null;
  /** The provider's on-site-roles v2 base; null: the connection reports no tenancies. */
  onSiteRolesUrl: string | null;
  createdAt: string;
  /** Open documents in the local index now: the count the inbox shows, not the provider's. */
  open: number;
  /** The last sync's outcome (docs/api.md, "Shapes"), null before the first; its `open` is the count at that sync. */
  lastSync: { at: string; ok: boolean; open: number | null; message?: string } | null;
  /** No good sync for two background intervals. */
  stale: boolean;
  /** Who owns it (whose settings they are); `mine`: the caller. */
  owner: { id: string; name: string };
  /**
   * Whether the owner is an active member of the team the connection serves; when not (moved to another team, or
   * disabled), the connection serves the team as if shared until an admin transfers or removes it (./usable.ts).
   */
  ownerInTeam: boolean;
  /** Whether the members of its team may work through it. */
  shared: boolean;
  mine: boolean;
};

/** Whose connection it is, as the view names them. */
export type ConnectionOwner = ConnectionView["owner"];

function lastSyncOf(sync: SyncRow | null | undefined, locale: Locale): ConnectionView["lastSync"] {
  if (!sync?.lastAt) return null;
  const message = sync.lastMessage && isMessageKey(sync.lastMessage) ? translate(locale, sync.lastMessage) : undefined;
  return {
    at: sync.lastAt.toISOString(),
    ok: sync.lastOk ?? false,
    open: sync.lastOpen ?? null,
    ...(message && { message }),
  };
}

function isStale(row: ConnectionRow, sync: SyncRow | null | undefined, now = Date.now()): boolean {
  const minutes = env().syncIntervalMinutes;
  if (minutes <= 0) return false;
  const since = sync?.lastGoodAt ?? row.createdAt;
  return now - since.getTime() > 2 * minutes * 60_000;
}

export function toView(
  row: ConnectionRow,
  seen: { owner: ConnectionOwner & { inTeam?: boolean }; by: Principal },
  sync: SyncRow | null = null,
  locale: Locale = "de",
  open = 0,
): ConnectionView {
  return {
    id: row.id,
    name: row.name,
    service: row.service,
    baseUrl: row.baseUrl,
    authUrl: row.authUrl,
    authType: row.authType,
    principal: row.principal,
    customerNumber: row.customerNumber,
    onSiteRolesUrl: row.onSiteRolesUrl,
    createdAt: row.createdAt.toISOString(),
    open,
    lastSync: lastSyncOf(sync, locale),
    stale: isStale(row, sync),
    owner: { id: seen.owner.id, name: seen.owner.name },
    ownerInTeam: seen.owner.inTeam ?? true,
    shared: row.shared,
    mine: row.userId === seen.by.userId,
  };
}

/** Whether an owner of these columns is an active member of the connection's team (./usable.ts). */
const inTeam = (row: Pick<ConnectionRow, "teamId">) =>
  sql<boolean>`(${users.teamId} = ${row.teamId}::uuid AND NOT ${users.disabled})`;

/** The owner of a connection, as its view names them, and whether they are still an active member of its team. */
export async function ownerOf(
  db: Db,
  row: Pick<ConnectionRow, "userId" | "teamId">,
): Promise<ConnectionOwner & { inTeam: boolean }> {
  const [owner] = await db
    .select({ id: users.id, name: users.name, inTeam: inTeam(row) })
    .from(users)
    .where(eq(users.id, row.userId));
  return owner ?? { id: row.userId, name: "", inTeam: false };
}

export const connectionNotFound = () => notFound("connections.notFound");

export async function listConnections(db: Db, p: Principal, locale: Locale = "de"): Promise<ConnectionView[]> {
  const [rows, open] = await Promise.all([
    db
      .select({
        connection: connections,
        sync: deliverySync,
        owner: {
          id: users.id,
          name: users.name,
          inTeam: sql<boolean>`(${users.teamId} = ${connections.teamId} AND NOT ${users.disabled})`,
        },
      })
      .from(connections)
      .innerJoin(users, eq(users.id, connections.userId))
      .leftJoin(deliverySync, eq(deliverySync.connectionId, connections.id))
      .where(and(usableBy(p, "connections"), isNull(connections.deletedAt)))
      .orderBy(asc(connections.name), asc(connections.createdAt)),
    openCounts(db, p),
  ]);
  return rows.map((r) => toView(r.connection, { owner: r.owner, by: p }, r.sync, locale, open.get(r.connection.id)));
}

// Every request under /api/connections/{id} runs it: built once per database handle.
const sessionConnectionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionConnection>>();
const prepareSessionConnection = (db: Db) =>
  db
    .select({ user: sessionUserColumns, connection: connections })
    .from(users)
    .leftJoin(
      connections,
      and(eq(connections.id, sql.placeholder("connectionId")), usableBySessionUser(), isNull(connections.deletedAt)),
    )
    .where(eq(users.id, sql.placeholder("uid")))
    .limit(1)
    .prepare("session_connection");

/**
 * The one access check for a connection id, made together with the session check in one query:
 * the session's user (see `sessionUser`) and the connection only when that user may work through it
 * (./usable.ts: their own, or a shared one of their team). A missing id, a malformed id and a connection
 * of someone else's not shared with the user's team all give `connection: null`. The user's team is read
 * in the same query, so a remembered check (lib/auth/session-checks.ts) is forgotten by every changing request,
 * among them a change of `shared`, of the owner or of a user's team.
 */
export async function sessionConnection(
  db: Db,
  claims: SessionClaims,
  connectionId: string,
): Promise<{ user: CurrentUser | null; connection: ConnectionRow | null }> {
  const id = ConnectionId.safeParse(connectionId);
  let query = sessionConnectionQueries.get(db);
  if (!query) sessionConnectionQueries.set(db, (query = prepareSessionConnection(db)));
  const [row] = await query.execute({ uid: claims.uid, connectionId: id.success ? id.data : NO_ID });
  const user = sessionUser(row?.user, claims);
  return { user, connection: user ? (row?.connection ?? null) : null };
}

/** Never a connection's id (ids are random v4 UUIDs): a malformed id joins nothing. */
const NO_ID = "00000000-0000-0000-0000-000000000000";
