import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema/users";
import { currentAttempt } from "./attempt";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password";
import { recordSignInFailure, succeedAttempt } from "./throttle";

/**
 * Checks e-mail and password. An unknown e-mail, a disabled account and a wrong password all
 * cost one scrypt and give the same null, so the answer tells an attacker nothing. The attempt
 * was recorded by the sign-in gate before (lib/api/sign-in-gate.ts); a failure leaves it recorded, a
 * success removes it and makes the address known to the account (lib/auth/throttle.ts). A hash made
 * with weaker parameters than today's is replaced.
 */
export async function authenticate(
  db: Db,
  input: { email: string; password: string; ip: string | null },
): Promise<typeof users.$inferSelect | null> {
  const email = input.email.trim().toLowerCase();
  const attempt = currentAttempt();
  const [user] = email ? await db.select().from(users).where(eq(users.email, email)).limit(1) : [];
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || user.disabled) {
    if (!attempt) await recordSignInFailure(db, { email, ip: input.ip });
    return null;
  }
  await succeedAttempt(db, attempt ?? { ids: [] }, { id: user.id, email, ip: input.ip });
  if (needsRehash(user.passwordHash)) {
    // Only if the hash is still the one just checked: a password changed meanwhile stays.
    const passwordHash = await hashPassword(input.password);
    await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  }
  return user;
}
