import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema/users";
import { dummyPasswordHash, verifyPassword } from "./password";
import { clearSignInFailures, recordSignInFailure } from "./throttle";

/**
 * Checks e-mail and password. An unknown e-mail, a disabled account and a wrong password all
 * cost one scrypt and give the same null, so the answer tells an attacker nothing.
 */
export async function authenticate(
  db: Db,
  input: { email: string; password: string; ip: string | null },
): Promise<typeof users.$inferSelect | null> {
  const email = input.email.trim().toLowerCase();
  const [user] = email ? await db.select().from(users).where(eq(users.email, email)).limit(1) : [];
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || user.disabled) {
    await recordSignInFailure(db, { email, ip: input.ip });
    return null;
  }
  await clearSignInFailures(db, email);
  return user;
}
