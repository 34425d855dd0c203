import "server-only";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { signInKnownAddresses, users } from "@/lib/db/schema/users";
import { KNOWN_ADDRESS_DAYS } from "./throttle-limits";

const knownSince = sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`;

/** Whether the account of `email` signed in successfully from address group `group` in the last KNOWN_ADDRESS_DAYS. */
export async function isKnownAddress(db: Db, email: string, group: string): Promise<boolean> {
  const rows = await db
    .select({ address: signInKnownAddresses.address })
    .from(signInKnownAddresses)
    .innerJoin(users, eq(users.id, signInKnownAddresses.userId))
    .where(
      and(
        eq(users.email, email),
        eq(signInKnownAddresses.address, group),
        gt(signInKnownAddresses.lastSuccessAt, knownSince),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Remembers (or renews) an address group a user signed in from. Only a checked, correct password
 * may lead here: a known address gets its own budget for that account.
 */
export async function rememberAddress(db: Db, userId: string, group: string): Promise<void> {
  await db
    .insert(signInKnownAddresses)
    .values({ userId, address: group })
    .onConflictDoUpdate({
      target: [signInKnownAddresses.userId, signInKnownAddresses.address],
      set: { lastSuccessAt: sql`now()` },
    });
  // Keep the table small: an address not used for the period no longer counts anyway.
  await db.delete(signInKnownAddresses).where(lt(signInKnownAddresses.lastSuccessAt, knownSince));
}
