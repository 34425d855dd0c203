import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { AppError, notFound } from "@/lib/errors";
import { issueLink, revokeLinks } from "@/lib/handoffs/portal/links";
import { tenancyOn } from "@/lib/register/tenancies/history";
import { readHistories } from "@/lib/register/tenancies/store";
import { today } from "@/lib/today";

/**
 * The owner's actions on a unit's portal link (`POST`/`DELETE /api/units/{id}/portal-link`):
 * another user's unit is answered like a missing one. A new link is not shown to the owner: it
 * goes to the resident with the next mail or letter (which replaces it by a fresh one it carries),
 * so no token exists outside what reached the resident. The audit names the unit only.
 */

/** The user's unit and the tenancy that runs today (`null` when nobody lives there). */
async function residentOf(db: Db, p: Principal, unitId: string): Promise<{ tenancyId: string | null }> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT u.id FROM units u WHERE u.id = ${unitId}::uuid AND u.team_id = ${p.teamId}::uuid`),
  );
  if (!row) throw notFound("unitsApi.notFound");
  const present = tenancyOn((await readHistories(db, [unitId])).get(unitId) ?? [], today());
  return { tenancyId: present?.resident ? present.id : null };
}

/** Revokes the live link and issues one that the next mail or letter replaces and carries. */
export async function renewPortalLink(
  db: Db,
  p: Principal,
  unitId: string,
): Promise<{ state: "undelivered"; expiresAt: string }> {
  const unit = await residentOf(db, p, unitId);
  if (!unit.tenancyId) throw new AppError(409, "no_resident", "portal.link.noResident");
  const link = await issueLink(db, { unitId, tenancyId: unit.tenancyId }, p.userId);
  await recordEvent(db, {
    kind: "unit.update",
    actor: principalActor(p),
    detail: { unit: unitId, portalLink: "renewed" },
  });
  return { state: "undelivered", expiresAt: link.expiresAt.toISOString() };
}

/** Revokes the unit's live link; no new one goes out until the owner renews it. */
export async function revokePortalLink(db: Db, p: Principal, unitId: string): Promise<{ state: "revoked" }> {
  await residentOf(db, p, unitId);
  await revokeLinks(db, unitId);
  await recordEvent(db, {
    kind: "unit.update",
    actor: principalActor(p),
    detail: { unit: unitId, portalLink: "revoked" },
  });
  return { state: "revoked" };
}
