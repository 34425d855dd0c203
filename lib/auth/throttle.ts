import "server-only";
import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { signInFailures } from "@/lib/db/schema/users";

export const THROTTLE_LIMIT = 10;
export const THROTTLE_WINDOW_MINUTES = 15;

export type ThrottleSubject = { email: string; ip: string | null };
/** A recorded sign-in attempt: its rows in `sign_in_failures`, one per key. */
export type Attempt = { ids: number[] };

const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

const windowStart = sql`now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})`;

/**
 * Seconds until the attempt `id` of `key` may be checked: 0 unless THROTTLE_LIMIT attempts of that
 * key came before it inside the window; then until the LIMIT-th most recent of them ages out.
 */
async function waitBefore(db: Db, key: string, id: number): Promise<number> {
  const [row] = await db
    .select({ at: signInFailures.at })
    .from(signInFailures)
    .where(and(eq(signInFailures.key, key), gt(signInFailures.at, windowStart), lt(signInFailures.id, id)))
    .orderBy(desc(signInFailures.id))
    .offset(THROTTLE_LIMIT - 1)
    .limit(1);
  if (!row) return 0;
  return Math.max(1, Math.ceil((row.at.getTime() + THROTTLE_WINDOW_MINUTES * 60_000 - Date.now()) / 1000));
}

async function hasEarlier(db: Db, key: string, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: signInFailures.id })
    .from(signInFailures)
    .where(and(eq(signInFailures.key, key), gt(signInFailures.at, windowStart), lt(signInFailures.id, id)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Records a sign-in attempt BEFORE its password is checked, then decides whether it may be
 * checked. Invariant: of any number of attempts at once, only those with fewer than
 * THROTTLE_LIMIT attempts of the same account or address before them (failed, or still being
 * checked) get through, so a burst cannot race past the limit. An address over its limit waits;
 * an account over its limit waits too, unless the attempt comes from an address with no attempt
 * of its own in the window: a burst against a known e-mail does not lock its owner out.
 * A refused attempt leaves no row (it was not checked).
 */
export async function beginAttempt(db: Db, subject: ThrottleSubject): Promise<{ attempt: Attempt; waitSeconds: 0 } | { waitSeconds: number }> {
  const keys = [emailKey(subject.email), ...(subject.ip ? [ipKey(subject.ip)] : [])];
  const rows = await db.insert(signInFailures).values(keys.map((key) => ({ key }))).returning({ id: signInFailures.id, key: signInFailures.key });
  const idOf = (key: string) => rows.find((r) => r.key === key)!.id;
  const account = await waitBefore(db, keys[0]!, idOf(keys[0]!));
  const address = subject.ip ? await waitBefore(db, keys[1]!, idOf(keys[1]!)) : 0;
  const addressIsClean = subject.ip ? !(await hasEarlier(db, keys[1]!, idOf(keys[1]!))) : false;
  const waitSeconds = Math.max(address, addressIsClean ? 0 : account);
  const ids = rows.map((r) => r.id);
  if (waitSeconds > 0) {
    await db.delete(signInFailures).where(inArray(signInFailures.id, ids));
    return { waitSeconds };
  }
  // Keep the table small: rows older than a day no longer matter.
  await db.delete(signInFailures).where(lt(signInFailures.at, sql`now() - interval '1 day'`));
  return { attempt: { ids }, waitSeconds: 0 };
}

/** A failed attempt stays recorded as it is; a successful one goes, with the account's earlier failures (the address keeps its own). */
export async function succeedAttempt(db: Db, attempt: Attempt, email: string): Promise<void> {
  if (attempt.ids.length) await db.delete(signInFailures).where(inArray(signInFailures.id, attempt.ids));
  await db.delete(signInFailures).where(eq(signInFailures.key, emailKey(email)));
}

/** A failure outside the gate (no attempt recorded before): recorded now. */
export async function recordSignInFailure(db: Db, subject: ThrottleSubject): Promise<void> {
  await db.insert(signInFailures).values([emailKey(subject.email), ...(subject.ip ? [ipKey(subject.ip)] : [])].map((key) => ({ key })));
}
