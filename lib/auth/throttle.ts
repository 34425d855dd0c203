import "server-only";
import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { signInFailures } from "@/lib/db/schema/users";

export const THROTTLE_LIMIT = 10;
export const THROTTLE_WINDOW_MINUTES = 15;

export type ThrottleSubject = { email: string; ip: string | null };

function keysOf(subject: ThrottleSubject): string[] {
  const keys = [`email:${subject.email.trim().toLowerCase()}`];
  if (subject.ip) keys.push(`ip:${subject.ip}`);
  return keys;
}

const windowStart = sql`now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})`;

/**
 * Seconds until another attempt is allowed, or 0. An account or an address with THROTTLE_LIMIT
 * failures inside the sliding window is blocked until the oldest of those ages out.
 */
export async function throttleWaitSeconds(db: Db, subject: ThrottleSubject): Promise<number> {
  let wait = 0;
  for (const key of keysOf(subject)) {
    const rows = await db
      .select({ at: signInFailures.at })
      .from(signInFailures)
      .where(and(eq(signInFailures.key, key), gt(signInFailures.at, windowStart)))
      .orderBy(desc(signInFailures.at))
      .offset(THROTTLE_LIMIT - 1)
      .limit(1);
    const oldestThatCounts = rows[0]?.at;
    if (oldestThatCounts) {
      const freeAt = oldestThatCounts.getTime() + THROTTLE_WINDOW_MINUTES * 60_000;
      wait = Math.max(wait, Math.ceil((freeAt - Date.now()) / 1000));
    }
  }
  return Math.max(0, wait);
}

export async function recordSignInFailure(db: Db, subject: ThrottleSubject): Promise<void> {
  await db.insert(signInFailures).values(keysOf(subject).map((key) => ({ key })));
  // Keep the table small: rows older than a day no longer matter.
  await db.delete(signInFailures).where(lt(signInFailures.at, sql`now() - interval '1 day'`));
}

/** A successful sign-in clears the account's failures (the address keeps its own). */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInFailures).where(inArray(signInFailures.key, [`email:${email.trim().toLowerCase()}`]));
}
