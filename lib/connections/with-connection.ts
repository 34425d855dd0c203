import "server-only";
import { sessionClaims } from "@/lib/auth/session";
import { rememberedSessionCheck } from "@/lib/auth/session-checks";
import { getDb } from "@/lib/db/client";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { connectionNotFound, sessionConnection } from "./connections";
import { CONNECTION_ROLES } from "./roles";
import {
  withSession,
  type HandlerContext,
  type SessionLoader,
  type RouteOptions,
  type Schema,
} from "@/lib/api/handler";

type Found = Awaited<ReturnType<typeof sessionConnection>>;

/** A remembered check is shared by later requests: none of them may change it. */
const frozen = ({ user, connection }: Found): Found => ({
  user: user && Object.freeze(user),
  connection: connection && Object.freeze(connection),
});

const loadConnection: SessionLoader<{ connection: ConnectionRow | null }> = async (params) => {
  const claims = await sessionClaims();
  if (!claims) return { user: null, extra: { connection: null } };
  const db = await getDb();
  const id = params.id ?? "";
  const { user, connection } = await rememberedSessionCheck(
    `${claims.uid}:${claims.sv}:${id}`,
    async () => frozen(await sessionConnection(db, claims, id)),
    (found) => found.user !== null && found.connection !== null,
  );
  return { user, extra: { connection } };
};

/**
 * The wrapper for routes under `/api/connections/{id}`: the session and the connection are read in
 * one query (remembered with the embedded database, see lib/auth/session-checks.ts; every changing
 * request forgets what was remembered, a change of `shared`, of the owner or of a user's team among
 * them); the handler gets a connection the user works through (./usable.ts: their own, or one shared
 * with their team), and every other id answers 404 (after the role and Origin checks, so a support
 * user still gets 403). Settings are the owner's or an admin's: ./ownership.ts.
 */
export function withConnection<
  Q extends Schema = undefined,
  B extends Schema = undefined,
  P extends Schema = undefined,
>(
  options: Omit<RouteOptions<Q, B, P>, "roles">,
  handler: (ctx: HandlerContext<Q, B, P> & { connection: ConnectionRow }) => Promise<unknown>,
) {
  return withSession(loadConnection, { ...options, roles: CONNECTION_ROLES }, async (ctx) => {
    const { connection } = ctx;
    if (!connection) throw connectionNotFound();
    return handler({ ...ctx, connection });
  });
}
