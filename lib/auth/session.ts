import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { eq, sql } from "drizzle-orm";
import { env } from "@/lib/env";
import { getDb, type Db } from "@/lib/db/client";
import { now } from "@/lib/process/clock";
import { users, type Role, type UserRow } from "@/lib/db/schema/users";
import { openSessionToken } from "./session-token";
import { isSecureForwarded, sessionCookieName, sessionMaxAgeSeconds, type SessionClaims } from "./options";

export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Read with the session at every request (a move to another team counts from the next one). */
  teamId: string;
  locale: "de" | "en" | null;
};

/**
 * The session cookie's claims (user id, session version, sign-in time), or null without a valid
 * cookie. Over https only the `__Secure-` cookie counts (a cookie without the prefix could have
 * been planted by a sibling host or over plain http); a session past SESSION_MAX_HOURS from its
 * sign-in is no session, however recently it was refreshed.
 */
export const sessionClaims = cache(async (): Promise<SessionClaims | null> => {
  const jar = await cookies();
  const token = jar.get(sessionCookieName(isSecureForwarded(await headers())))?.value;
  if (!token) return null;
  const claims = await openSessionToken(token, env().authSecret);
  const uid = claims?.uid;
  const sv = claims?.sv;
  const authTime = claims?.authTime;
  if (typeof uid !== "string" || typeof sv !== "number" || typeof authTime !== "number" || !/^[0-9a-f-]{36}$/.test(uid))
    return null;
  if (authTime + sessionMaxAgeSeconds() <= now() / 1000) return null;
  return { uid, sv, authTime };
});

/** What a session check reads of its user: never the password hash. */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  teamId: users.teamId,
  locale: users.locale,
  disabled: users.disabled,
  sessionVersion: users.sessionVersion,
};
export type SessionUserRow = Pick<UserRow, keyof typeof sessionUserColumns>;

/**
 * A session is valid only while its user exists, is not disabled and still has the session
 * version the session was issued with: bumping the version (role change, new password,
 * disabling) ends every session of that user on its next request.
 */
export function sessionUser(row: SessionUserRow | null | undefined, claims: SessionClaims): CurrentUser | null {
  if (!row || row.id !== claims.uid || row.disabled || row.sessionVersion !== claims.sv) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role, teamId: row.teamId, locale: row.locale };
}

// Every request runs it: built once per database handle, not again for each request.
const userQueries = new WeakMap<Db, ReturnType<typeof prepareUserQuery>>();
const prepareUserQuery = (db: Db) =>
  db
    .select(sessionUserColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder("uid")))
    .limit(1)
    .prepare("session_user");

/** The signed-in user, or null (one query; see `sessionUser`). */
export const currentUser = cache(async (): Promise<CurrentUser | null> => {
  const claims = await sessionClaims();
  if (!claims) return null;
  const db = await getDb();
  let query = userQueries.get(db);
  if (!query) userQueries.set(db, (query = prepareUserQuery(db)));
  const [row] = await query.execute({ uid: claims.uid });
  return sessionUser(row, claims);
});

/** For pages: the user, or a redirect to the sign-in page. */
export async function pageUser(): Promise<CurrentUser> {
  const user = await currentUser();
  if (!user) redirect("/login");
  return user;
}
