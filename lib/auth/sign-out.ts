import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema/users";
import { forgetSessionChecks } from "./session-checks";

function claimsOf(token: JWT | null | undefined): { uid: string; sv: number } | null {
  return typeof token?.uid === "string" && typeof token.sv === "number" ? { uid: token.uid, sv: token.sv } : null;
}

/**
 * Sign-out on the server: the user's session version moves on, so this cookie (and any other
 * session of that user issued before) no longer opens anything, even if it was copied. Only a
 * token that is still current moves it: replaying an old cookie's sign-out changes nothing.
 */
export async function endSessions(token: JWT | null | undefined): Promise<void> {
  const claims = claimsOf(token);
  if (!claims) return;
  const db = await getDb();
  forgetSessionChecks();
  try {
    await db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(and(eq(users.id, claims.uid), eq(users.sessionVersion, claims.sv)));
  } finally {
    forgetSessionChecks();
  }
}

/** Whether a token still names an enabled user at the session version it was issued with. */
export async function isSessionCurrent(token: JWT | null | undefined): Promise<boolean> {
  const claims = claimsOf(token);
  if (!claims || !/^[0-9a-f-]{36}$/.test(claims.uid)) return false;
  const db = await getDb();
  const [row] = await db
    .select({ sv: users.sessionVersion, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, claims.uid))
    .limit(1);
  return Boolean(row && !row.disabled && row.sv === claims.sv);
}
