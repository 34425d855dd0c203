import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { eq, sql } from "drizzle-orm";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { registerSettings } from "@/lib/db/schema/units";
import { AppError } from "@/lib/errors";
import { registerChange } from "@/lib/register/tenancies/lock";
import { today } from "@/lib/today";
import { queueReports, wakeReports } from "@/lib/register/reporter";

/**
 * The register's "Bestand seit" (docs/api.md, "The unit register"): the day from which the owner's
 * register stands behind its residents, stored per owner (migration 0038). A tenancy without a
 * move-in is reported to on-site-roles providers from it (lib/onsite-roles/basis.ts). A change
 * is a change of every such unit's reported state: its units are queued again (reason `since`),
 * under the register's lock, in the change's transaction. The audit names the day, never a person.
 */

export type RegisterSettings = { since: string | null };

export async function readRegisterSettings(db: Db, p: Principal): Promise<RegisterSettings> {
  const [row] = await db
    .select({ since: registerSettings.since })
    .from(registerSettings)
    .where(eq(registerSettings.teamId, p.teamId));
  return { since: row?.since ?? null };
}

/** Sets or clears (`null`) "Bestand seit"; a day after today is refused (the register cannot stand behind it yet). */
export async function setRegisterSince(db: Db, p: Principal, since: string | null): Promise<RegisterSettings> {
  if (since !== null && since > today())
    throw new AppError(400, "validation", "error.validation", {
      fields: [{ path: "since", message: "unitsApi.sinceFuture" }],
    });
  const queued = await registerChange(db, p, async (tx) => {
    const before = (await readRegisterSettings(tx, p)).since;
    if (before === since) return 0;
    await tx
      .insert(registerSettings)
      .values({ teamId: p.teamId, since, updatedAt: new Date() })
      .onConflictDoUpdate({ target: registerSettings.teamId, set: { since, updatedAt: new Date() } });
    await recordEvent(tx, {
      kind: "register.settings",
      actor: principalActor(p),
      detail: { changed: ["since"], since, before },
    });
    // Only the units with a tenancy without a move-in depend on it; the hash decides which changed.
    const ids = rowsOf<{ id: string }>(
      await tx.execute(sql`SELECT u.id FROM units u WHERE u.team_id = ${p.teamId}::uuid
        AND u.billingunit IS NOT NULL AND u.mscnumber IS NOT NULL
        AND EXISTS (SELECT 1 FROM tenancies t WHERE t.unit_id = u.id AND t.move_in IS NULL)
        ORDER BY u.id`),
    ).map((r) => r.id);
    return queueReports(tx, p, ids, "since");
  });
  if (queued > 0) wakeReports();
  return { since };
}
