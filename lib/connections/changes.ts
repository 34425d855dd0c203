import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { connections, type ConnectionRow } from "@/lib/db/schema/connections";
import { deliverySync } from "@/lib/db/schema/delivery";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import { forgetConnectionTokens } from "@/lib/provider/token";
import { accountOf, refuseSecondConnection, sameAccount } from "./account";
import { checkAddresses } from "./address";
import { connectionNotFound, ownerOf, toView, type ConnectionView } from "./connections";
import { openCounts } from "./open-counts";
import { refuseUnlessOwner } from "./ownership";
import type { CreateConnectionInput, UpdateConnectionInput } from "./schemas";
import { sealSecret } from "./secrets";

/**
 * A connection's audited changes: create, edit (with the refusals that keep a stored secret where it was; `shared`
 * among them), delete. Edit and delete are the owner's or an admin's (./ownership.ts); a teammate gets 403.
 */

/** What an audit event may say of a connection: never the secret or the sealed value. */
const auditFields = (c: {
  name: string;
  service: string;
  baseUrl: string;
  authUrl: string | null;
  authType: string;
  customerNumber: string | null;
  onSiteRolesUrl: string | null;
  shared: boolean;
}) => ({
  name: c.name,
  service: c.service,
  baseUrl: c.baseUrl,
  authUrl: c.authUrl,
  authType: c.authType,
  customerNumber: c.customerNumber,
  onSiteRolesUrl: c.onSiteRolesUrl,
  shared: c.shared,
});

export async function createConnection(db: Db, p: Principal, input: CreateConnectionInput): Promise<ConnectionView> {
  const id = randomUUID();
  const isBasic = input.auth.type === "basic";
  const secret = input.auth.type === "basic" ? input.auth.password : input.auth.clientSecret;
  const principal = input.auth.type === "basic" ? input.auth.username : input.auth.clientId;
  checkAddresses({
    service: input.service,
    baseUrl: input.baseUrl,
    authUrl: input.authUrl ?? null,
    authType: input.auth.type,
    onSiteRolesUrl: input.onSiteRolesUrl ?? null,
  });
  await refuseSecondConnection(
    db,
    p,
    accountOf({
      service: input.service,
      baseUrl: input.baseUrl,
      principal,
      customerNumber: input.customerNumber ?? null,
    }),
    { team: p.teamId },
  );
  const [row] = await db
    .insert(connections)
    .values({
      id,
      userId: p.userId,
      teamId: p.teamId,
      name: input.name,
      service: input.service,
      baseUrl: input.baseUrl,
      authUrl: input.authUrl ?? null,
      authType: input.auth.type,
      principal,
      secretSealed: sealSecret(
        secret,
        { connectionId: id, authType: isBasic ? "basic" : "client_credentials" },
        env().encryptionKeys,
      ),
      customerNumber: input.customerNumber ?? null,
      onSiteRolesUrl: input.onSiteRolesUrl ?? null,
    })
    .returning();
  await recordEvent(db, {
    kind: "connection.create",
    actor: principalActor(p),
    connectionId: id,
    detail: auditFields(row!),
  });
  return toView(row!, { owner: { id: p.userId, name: p.name }, by: p });
}

const originOf = (url: string | null | undefined) => (url ? new URL(url).origin : null);

/**
 * Whether an edit would send the stored secret (or a token got with it) somewhere new: another
 * origin of `baseUrl` or `authUrl`, an `onSiteRolesUrl` on an origin it was not entered for, or
 * another username or client id. Such an edit must bring the
 * secret again; otherwise anyone holding a session could read a stored secret out by pointing the
 * connection at a server of theirs.
 */
function movesSecret(current: ConnectionRow, input: UpdateConnectionInput, newPrincipal: string | undefined): boolean {
  if (input.baseUrl !== undefined && originOf(input.baseUrl) !== originOf(current.baseUrl)) return true;
  if (input.authUrl && originOf(input.authUrl) !== originOf(current.authUrl)) return true;
  const reports = originOf(input.onSiteRolesUrl);
  if (reports && reports !== originOf(current.onSiteRolesUrl) && reports !== originOf(current.baseUrl)) return true;
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
async function checkEdit(
  db: Db,
  p: Principal,
  current: ConnectionRow,
  input: UpdateConnectionInput,
  edit: Edit,
): Promise<void> {
  const { authType, authUrl, newSecret, newPrincipal } = edit;
  const service = current.service;
  const secretField = authType === "basic" ? "auth.password" : "auth.clientSecret";
  if (authType !== current.authType && (newSecret === undefined || newPrincipal === undefined)) {
    // A new kind of sign-in needs its own credentials: the old secret belongs to the old kind.
    throw new AppError(400, "validation", "error.validation", {
      fields: [{ path: secretField, message: "validation.required" }],
    });
  }
  if (newSecret === undefined && movesSecret(current, input, newPrincipal)) {
    throw new AppError(400, "validation", "error.validation", {
      fields: [{ path: secretField, message: "connections.secretAgain" }],
    });
  }
  if (authType === "client_credentials" && service === "dta") {
    throw new AppError(400, "validation", "error.validation", {
      fields: [{ path: "auth.type", message: "validation.oneOf", vars: { options: "basic" } }],
    });
  }
  if (authType === "client_credentials" && !authUrl) {
    throw new AppError(400, "validation", "error.validation", {
      fields: [{ path: "authUrl", message: "validation.required" }],
    });
  }
  const baseUrl = input.baseUrl ?? current.baseUrl;
  // Only what the edit changes: a name may still be changed while the allowlist no longer has the address.
  const onSiteRolesUrl = input.onSiteRolesUrl !== undefined ? input.onSiteRolesUrl : current.onSiteRolesUrl;
  if (
    input.baseUrl !== undefined ||
    input.authUrl !== undefined ||
    input.onSiteRolesUrl !== undefined ||
    authType !== current.authType
  )
    checkAddresses({ service, baseUrl, authUrl, authType, onSiteRolesUrl });
  const customerNumber = input.customerNumber !== undefined ? input.customerNumber : current.customerNumber;
  const account = accountOf({ service, baseUrl, principal: newPrincipal ?? current.principal, customerNumber });
  if (!sameAccount(account, accountOf(current)))
    await refuseSecondConnection(db, p, account, { team: current.teamId, exceptId: current.id });
}

export async function updateConnection(
  db: Db,
  p: Principal,
  current: ConnectionRow,
  input: UpdateConnectionInput,
): Promise<ConnectionView> {
  await refuseUnlessOwner(db, p, current);
  const edit = editOf(current, input);
  const { authType, newSecret, newPrincipal } = edit;
  await checkEdit(db, p, current, input, edit);
  const [row] = await db
    .update(connections)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.baseUrl !== undefined && { baseUrl: input.baseUrl }),
      ...(input.authUrl !== undefined && { authUrl: input.authUrl }),
      ...(input.customerNumber !== undefined && { customerNumber: input.customerNumber }),
      ...(input.onSiteRolesUrl !== undefined && { onSiteRolesUrl: input.onSiteRolesUrl }),
      ...(input.shared !== undefined && { shared: input.shared }),
      authType,
      ...(newPrincipal !== undefined && { principal: newPrincipal }),
      ...(newSecret !== undefined && {
        secretSealed: sealSecret(newSecret, { connectionId: current.id, authType }, env().encryptionKeys),
      }),
      updatedAt: new Date(),
    })
    .where(and(eq(connections.id, current.id), isNull(connections.deletedAt)))
    .returning();
  if (!row) throw connectionNotFound();
  forgetConnectionTokens(current.id);
  const changed = Object.keys(input).filter((k) => k !== "auth");
  if (newPrincipal !== undefined) changed.push(authType === "basic" ? "auth.username" : "auth.clientId");
  if (newSecret !== undefined) changed.push(authType === "basic" ? "auth.password" : "auth.clientSecret");
  await recordEvent(db, {
    kind: "connection.update",
    actor: principalActor(p),
    connectionId: current.id,
    detail: { changed, ...auditFields(row) },
  });
  const [[sync], open, owner] = await Promise.all([
    db.select().from(deliverySync).where(eq(deliverySync.connectionId, current.id)).limit(1),
    openCounts(db, p),
    ownerOf(db, row),
  ]);
  return toView(row, { owner, by: p }, sync ?? null, "de", open.get(current.id));
}

export async function deleteConnection(db: Db, p: Principal, current: ConnectionRow): Promise<void> {
  await refuseUnlessOwner(db, p, current);
  // The row stays for the delivery record; the secret goes at once.
  await db
    .update(connections)
    .set({ deletedAt: new Date(), secretSealed: "", updatedAt: new Date() })
    .where(eq(connections.id, current.id));
  await recordEvent(db, {
    kind: "connection.delete",
    actor: principalActor(p),
    connectionId: current.id,
    detail: auditFields(current),
  });
  forgetConnectionTokens(current.id);
}
