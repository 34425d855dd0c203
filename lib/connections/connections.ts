import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { SessionClaims } from "@/lib/auth/options";
import { sessionUser, sessionUserColumns, type CurrentUser } from "@/lib/auth/session";
import type { Db } from "@/lib/db/client";
import { connections, type ConnectionRow } from "@/lib/db/schema/connections";
import { deliverySync, type SyncRow } from "@/lib/db/schema/delivery";
import { users } from "@/lib/db/schema/users";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { isMessageKey, translate, type Locale } from "@/lib/i18n/messages";
import { recordEvent, type Actor } from "@/lib/audit/audit";
import { forgetConnectionTokens } from "@/lib/provider/token";
import { accountOf, refuseSecondConnection, sameAccount } from "./account";
import { checkAddresses } from "./address";
import { openCounts } from "./open-counts";
import { ConnectionId, type CreateConnectionInput, type UpdateConnectionInput } from "./schemas";
import { sealSecret } from "./secrets";

/** The public shape of a connection: never a secret, never the sealed value. */
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
  createdAt: string;
  /** Open documents in the local index now: the count the inbox shows, not the provider's. */
  open: number;
  /** The last sync's outcome (docs/api.md, "Shapes"), null before the first; its `open` is the count at that sync. */
  lastSync: { at: string; ok: boolean; open: number | null; message?: string } | null;
  /** No good sync for two background intervals. */
  stale: boolean;
};

function lastSyncOf(sync: SyncRow | null | undefined, locale: Locale): ConnectionView["lastSync"] {
  if (!sync?.lastAt) return null;
  const message = sync.lastMessage && isMessageKey(sync.lastMessage) ? translate(locale, sync.lastMessage) : undefined;
  return { at: sync.lastAt.toISOString(), ok: sync.lastOk ?? false, open: sync.lastOpen ?? null, ...(message && { message }) };
}

function isStale(row: ConnectionRow, sync: SyncRow | null | undefined, now = Date.now()): boolean {
  const minutes = env().syncIntervalMinutes;
  if (minutes <= 0) return false;
  const since = sync?.lastGoodAt ?? row.createdAt;
  return now - since.getTime() > 2 * minutes * 60_000;
}

export function toView(row: ConnectionRow, sync: SyncRow | null = null, locale: Locale = "de", open = 0): ConnectionView {
  return {
    id: row.id,
    name: row.name,
    service: row.service,
    baseUrl: row.baseUrl,
    authUrl: row.authUrl,
    authType: row.authType,
    principal: row.principal,
    customerNumber: row.customerNumber,
    createdAt: row.createdAt.toISOString(),
    open,
    lastSync: lastSyncOf(sync, locale),
    stale: isStale(row, sync),
  };
}

export const connectionNotFound = () => notFound("connections.notFound");

export async function listConnections(db: Db, { userId }: { userId: string }, locale: Locale = "de"): Promise<ConnectionView[]> {
  const [rows, open] = await Promise.all([
    db
      .select({ connection: connections, sync: deliverySync })
      .from(connections)
      .leftJoin(deliverySync, eq(deliverySync.connectionId, connections.id))
      .where(and(eq(connections.userId, userId), isNull(connections.deletedAt)))
      .orderBy(asc(connections.name), asc(connections.createdAt)),
    openCounts(db, { userId }),
  ]);
  return rows.map((r) => toView(r.connection, r.sync, locale, open.get(r.connection.id)));
}

// Every request under /api/connections/{id} runs it: built once per database handle.
const sessionConnectionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionConnection>>();
const prepareSessionConnection = (db: Db) =>
  db
    .select({ user: sessionUserColumns, connection: connections })
    .from(users)
    .leftJoin(connections, and(eq(connections.id, sql.placeholder("connectionId")), eq(connections.userId, users.id), isNull(connections.deletedAt)))
    .where(eq(users.id, sql.placeholder("uid")))
    .limit(1)
    .prepare("session_connection");

/**
 * The one access check for a connection id, made together with the session check in one query:
 * the session's user (see `sessionUser`) and the connection only when it is that user's own.
 * A missing id, a malformed id and another user's id all give `connection: null`.
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

/** What an audit event may say of a connection: never the secret or the sealed value. */
const auditFields = (c: { name: string; service: string; baseUrl: string; authUrl: string | null; authType: string; customerNumber: string | null }) => ({
  name: c.name,
  service: c.service,
  baseUrl: c.baseUrl,
  authUrl: c.authUrl,
  authType: c.authType,
  customerNumber: c.customerNumber,
});

export async function createConnection(db: Db, { userId, actor }: { userId: string; actor: Actor }, input: CreateConnectionInput): Promise<ConnectionView> {
  const id = randomUUID();
  const isBasic = input.auth.type === "basic";
  const secret = input.auth.type === "basic" ? input.auth.password : input.auth.clientSecret;
  const principal = input.auth.type === "basic" ? input.auth.username : input.auth.clientId;
  checkAddresses({ service: input.service, baseUrl: input.baseUrl, authUrl: input.authUrl ?? null, authType: input.auth.type });
  await refuseSecondConnection(
    db,
    userId,
    accountOf({ service: input.service, baseUrl: input.baseUrl, principal, customerNumber: input.customerNumber ?? null }),
  );
  const [row] = await db
    .insert(connections)
    .values({
      id,
      userId,
      name: input.name,
      service: input.service,
      baseUrl: input.baseUrl,
      authUrl: input.authUrl ?? null,
      authType: input.auth.type,
      principal,
      secretSealed: sealSecret(secret, { connectionId: id, authType: isBasic ? "basic" : "client_credentials" }, env().encryptionKeys),
      customerNumber: input.customerNumber ?? null,
    })
    .returning();
  await recordEvent(db, { kind: "connection.create", actor, connectionId: id, detail: auditFields(row!) });
  return toView(row!);
}

const originOf = (url: string | null | undefined) => (url ? new URL(url).origin : null);

/**
 * Whether an edit would send the stored secret (or a token got with it) somewhere new: another
 * origin of `baseUrl` or `authUrl`, or another username or client id. Such an edit must bring the
 * secret again; otherwise anyone holding a session could read a stored secret out by pointing the
 * connection at a server of theirs.
 */
function movesSecret(current: ConnectionRow, input: UpdateConnectionInput, newPrincipal: string | undefined): boolean {
  if (input.baseUrl !== undefined && originOf(input.baseUrl) !== originOf(current.baseUrl)) return true;
  if (input.authUrl && originOf(input.authUrl) !== originOf(current.authUrl)) return true;
  return newPrincipal !== undefined && newPrincipal !== current.principal;
}

type Edit = { authType: ConnectionRow["authType"]; authUrl: string | null; newSecret?: string; newPrincipal?: string };

/** What an edit asks for, resolved against the stored connection. */
function editOf(current: ConnectionRow, input: UpdateConnectionInput): Edit {
  const auth = input.auth;
  return {
    authType: auth?.type ?? current.authType,
    authUrl: input.authUrl !== undefined ? input.authUrl : current.authUrl,
    newSecret: auth ? (auth.type === "basic" ? auth.password : auth.clientSecret) : undefined,
    newPrincipal: auth ? (auth.type === "basic" ? auth.username : auth.clientId) : undefined,
  };
}

/** The edit's refusals: credentials that do not fit, an address the guard refuses, another connection's account. */
async function checkEdit(db: Db, current: ConnectionRow, input: UpdateConnectionInput, edit: Edit): Promise<void> {
  const { authType, authUrl, newSecret, newPrincipal } = edit;
  const service = current.service;
  const secretField = authType === "basic" ? "auth.password" : "auth.clientSecret";
  if (authType !== current.authType && (newSecret === undefined || newPrincipal === undefined)) {
    // A new kind of sign-in needs its own credentials: the old secret belongs to the old kind.
    throw new AppError(400, "validation", "error.validation", { fields: [{ path: secretField, message: "validation.required" }] });
  }
  if (newSecret === undefined && movesSecret(current, input, newPrincipal)) {
    throw new AppError(400, "validation", "error.validation", { fields: [{ path: secretField, message: "connections.secretAgain" }] });
  }
  if (authType === "client_credentials" && service === "dta") {
    throw new AppError(400, "validation", "error.validation", { fields: [{ path: "auth.type", message: "validation.oneOf", vars: { options: "basic" } }] });
  }
  if (authType === "client_credentials" && !authUrl) {
    throw new AppError(400, "validation", "error.validation", { fields: [{ path: "authUrl", message: "validation.required" }] });
  }
  const baseUrl = input.baseUrl ?? current.baseUrl;
  // Only what the edit changes: a name may still be changed while the allowlist no longer has the address.
  if (input.baseUrl !== undefined || input.authUrl !== undefined || authType !== current.authType) checkAddresses({ service, baseUrl, authUrl, authType });
  const customerNumber = input.customerNumber !== undefined ? input.customerNumber : current.customerNumber;
  const account = accountOf({ service, baseUrl, principal: newPrincipal ?? current.principal, customerNumber });
  if (!sameAccount(account, accountOf(current))) await refuseSecondConnection(db, current.userId, account, current.id);
}

export async function updateConnection(db: Db, current: ConnectionRow, actor: Actor, input: UpdateConnectionInput): Promise<ConnectionView> {
  const edit = editOf(current, input);
  const { authType, newSecret, newPrincipal } = edit;
  await checkEdit(db, current, input, edit);
  const [row] = await db
    .update(connections)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.baseUrl !== undefined && { baseUrl: input.baseUrl }),
      ...(input.authUrl !== undefined && { authUrl: input.authUrl }),
      ...(input.customerNumber !== undefined && { customerNumber: input.customerNumber }),
      authType,
      ...(newPrincipal !== undefined && { principal: newPrincipal }),
      ...(newSecret !== undefined && {
        secretSealed: sealSecret(newSecret, { connectionId: current.id, authType }, env().encryptionKeys),
      }),
      updatedAt: new Date(),
    })
    .where(and(eq(connections.id, current.id), eq(connections.userId, current.userId), isNull(connections.deletedAt)))
    .returning();
  if (!row) throw connectionNotFound();
  forgetConnectionTokens(current.id);
  const changed = Object.keys(input).filter((k) => k !== "auth");
  if (newPrincipal !== undefined) changed.push(authType === "basic" ? "auth.username" : "auth.clientId");
  if (newSecret !== undefined) changed.push(authType === "basic" ? "auth.password" : "auth.clientSecret");
  await recordEvent(db, { kind: "connection.update", actor, connectionId: current.id, detail: { changed, ...auditFields(row) } });
  const [[sync], open] = await Promise.all([
    db.select().from(deliverySync).where(eq(deliverySync.connectionId, current.id)).limit(1),
    openCounts(db, { userId: current.userId }),
  ]);
  return toView(row, sync ?? null, "de", open.get(current.id));
}

export async function deleteConnection(db: Db, current: ConnectionRow, actor: Actor): Promise<void> {
  // The row stays for the delivery record; the secret goes at once.
  await db
    .update(connections)
    .set({ deletedAt: new Date(), secretSealed: "", updatedAt: new Date() })
    .where(and(eq(connections.id, current.id), eq(connections.userId, current.userId)));
  await recordEvent(db, { kind: "connection.delete", actor, connectionId: current.id, detail: auditFields(current) });
  forgetConnectionTokens(current.id);
}
