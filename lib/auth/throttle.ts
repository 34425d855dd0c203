import "server-only";
import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { signInFailures } from "@/lib/db/schema/users";
import { addressGroup } from "./address-group";
import { isKnownAddress, rememberAddress } from "./known-addresses";
import {
  ACCOUNT_LIMITS,
  ADDRESS_LIMITS,
  LONGEST_WINDOW_MINUTES,
  attemptsToRead,
  waitSeconds,
  type Limit,
} from "./throttle-limits";

export type ThrottleSubject = { email: string; ip: string | null };
/** A recorded sign-in attempt: its rows in `sign_in_failures`, one per key. */
export type Attempt = { ids: number[] };

type Counter = { key: string; limits: readonly Limit[] };

const normalEmail = (email: string) => email.trim().toLowerCase();
// An account's attempts from one address it is known at count apart from all its others.
const knownKey = (email: string, group: string) => `known:${JSON.stringify([group, email])}`;

const oldest = sql`now() - make_interval(mins => ${LONGEST_WINDOW_MINUTES})`;

/**
 * What an attempt counts against: its address group, and its account: the account's one budget
 * shared by every address it is not known at, or, from a known address, that address's own.
 */
async function countersOf(db: Db, subject: ThrottleSubject): Promise<Counter[]> {
  const email = normalEmail(subject.email);
  const group = subject.ip ? addressGroup(subject.ip) : null;
  if (!group) return [{ key: `email:${email}`, limits: ACCOUNT_LIMITS }];
  const known = await isKnownAddress(db, email, group);
  return [
    { key: known ? knownKey(email, group) : `email:${email}`, limits: ACCOUNT_LIMITS },
    { key: `ip:${group}`, limits: ADDRESS_LIMITS },
  ];
}

/**
 * Seconds until attempt `id` of `key` may be checked, from the ages of the attempts of `key` before it (database time).
 */
async function waitBefore(db: Db, { key, limits }: Counter, id: number): Promise<number> {
  const rows = await db
    .select({ age: sql<number>`extract(epoch from now() - ${signInFailures.at})`.mapWith(Number) })
    .from(signInFailures)
    .where(and(eq(signInFailures.key, key), gt(signInFailures.at, oldest), lt(signInFailures.id, id)))
    .orderBy(desc(signInFailures.id))
    .limit(attemptsToRead(limits));
  return waitSeconds(
    rows.map((r) => r.age),
    limits,
  );
}

/**
 * Records a sign-in attempt BEFORE its password is checked, then decides whether it may be. Invariant: an attempt
 * passes only if those before it (failed, or still being checked) leave every limit of its account and address group
 * unfilled, so a burst cannot race past a limit; a refused one leaves no row. The limits: docs/api.md, "Conventions".
 */
export async function beginAttempt(
  db: Db,
  subject: ThrottleSubject,
): Promise<{ attempt: Attempt; waitSeconds: 0 } | { waitSeconds: number }> {
  const counters = await countersOf(db, subject);
  const rows = await db
    .insert(signInFailures)
    .values(counters.map(({ key }) => ({ key })))
    .returning({ id: signInFailures.id, key: signInFailures.key });
  let wait = 0;
  for (const counter of counters)
    wait = Math.max(wait, await waitBefore(db, counter, rows.find((r) => r.key === counter.key)!.id));
  const ids = rows.map((r) => r.id);
  if (wait > 0) {
    await db.delete(signInFailures).where(inArray(signInFailures.id, ids));
    return { waitSeconds: wait };
  }
  // Keep the table small: attempts older than the longest window count for nothing.
  await db.delete(signInFailures).where(lt(signInFailures.at, oldest));
  return { attempt: { ids }, waitSeconds: 0 };
}

/**
 * A successful attempt goes, and its address group becomes (or stays) known to the account. The
 * account's failures from elsewhere stay: an owner signing in must not hand an attacker a fresh
 * budget. Only the failures from this known address go, and the address keeps its own.
 */
export async function succeedAttempt(
  db: Db,
  attempt: Attempt,
  user: { id: string; email: string; ip: string | null },
): Promise<void> {
  if (attempt.ids.length) await db.delete(signInFailures).where(inArray(signInFailures.id, attempt.ids));
  if (!user.ip) return;
  const group = addressGroup(user.ip);
  await rememberAddress(db, user.id, group);
  await db.delete(signInFailures).where(eq(signInFailures.key, knownKey(normalEmail(user.email), group)));
}

/** A failure outside the gate (no attempt recorded before): recorded now. */
export async function recordSignInFailure(db: Db, subject: ThrottleSubject): Promise<void> {
  await db.insert(signInFailures).values((await countersOf(db, subject)).map(({ key }) => ({ key })));
}
