import "server-only";
import { eq } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { absences } from "@/lib/db/schema/responsibility";
import type { AbsenceInput } from "./schemas";

/**
 * A member's absence (issue #46, docs/api.md "Responsibility and absence"): one current absence per user, first to
 * last day, both counted. While it covers a day, the deputies of the member's properties act for them
 * (./responsibility.ts `actingFor`). The audit trail keeps the dates and nothing else (no reason is asked for).
 */

export type Absence = { from: string; to: string };

/** The principal's own absence, or null. */
export async function readAbsence(db: Db, p: Principal): Promise<{ absence: Absence | null }> {
  const [row] = await db
    .select({ from: absences.starts, to: absences.ends })
    .from(absences)
    .where(eq(absences.userId, p.userId));
  return { absence: row ?? null };
}

/** Records the principal's absence (replacing the one before), or ends it with `null`. */
export async function setAbsence(db: Db, p: Principal, input: AbsenceInput): Promise<{ absence: Absence | null }> {
  return db.transaction(async (tx) => {
    if (input === null) {
      await tx.delete(absences).where(eq(absences.userId, p.userId));
      await recordEvent(tx, { kind: "absence.end", actor: principalActor(p), detail: {} });
      return { absence: null };
    }
    const values = { starts: input.from, ends: input.to, updatedAt: new Date() };
    await tx
      .insert(absences)
      .values({ userId: p.userId, ...values })
      .onConflictDoUpdate({ target: absences.userId, set: values });
    await recordEvent(tx, {
      kind: "absence.set",
      actor: principalActor(p),
      detail: { from: input.from, to: input.to },
    });
    return { absence: { from: input.from, to: input.to } };
  });
}
