import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { ownerPrincipal } from "@/lib/auth/system-principal";
import type { Role } from "@/lib/db/schema/users";
import { sql } from "drizzle-orm";
import { recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { listen } from "@/lib/events";
import { registerChange } from "@/lib/register/tenancies/lock";
import { enqueueReports } from "./enqueue";
import { wakeReports } from "./wake";

/**
 * After a sync of one connection (lib/delivery/sync.ts announces it, lib/events.ts): units whose documents arrived only
 * now become reportable. A unit without a billing-unit number learns it from a document of this
 * connection that names exactly one billing unit (a DTA document's `reftype` `billingunit`); then each
 * unit with tenancies that has documents at a reporting connection it was never reported to is queued
 * there once (reason `sync`); and a unit with a tenancy without a move-in whose documents of this
 * connection came after its last report is queued where its state changed (reason `documents`: an
 * older document moves the day that tenancy is reported from, ./basis.ts). Under the register's
 * lock, in one transaction.
 */

/** As long as the register's column allows (lib/register/rows.ts). */
const MAX_BILLINGUNIT = 64;

/** Documents per unit read for its billing unit: the newest few, so a sync's end stays bounded. */
const LEARN_FROM = 3;

async function learnBillingUnits(tx: Db, p: Principal, connectionId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      WITH found AS (
        SELECT u.id, min(trim(m->>'mscnumber')) AS bu, count(DISTINCT trim(m->>'mscnumber')) AS n
        FROM units u
        CROSS JOIN LATERAL (SELECT d.document FROM delivery_documents d
          WHERE d.connection_id = ${connectionId}::uuid AND d.unit_msc = u.mscnumber
          ORDER BY d.last_seen_at DESC LIMIT ${LEARN_FROM}) AS d
        CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(d.document->'metadata') = 'array'
          THEN d.document->'metadata' ELSE '[]'::jsonb END) AS m
        WHERE u.team_id = ${p.teamId}::uuid AND u.billingunit IS NULL AND u.mscnumber IS NOT NULL
          AND lower(m->>'reftype') = 'billingunit' AND coalesce(trim(m->>'mscnumber'), '') <> ''
        GROUP BY u.id
      )
      UPDATE units SET billingunit = found.bu, updated_at = now() FROM found
      WHERE units.id = found.id AND found.n = 1 AND units.billingunit IS NULL
        AND length(found.bu) <= ${MAX_BILLINGUNIT}
      RETURNING units.id`),
  );
  return rows.map((r) => r.id);
}

/** Units with tenancies that have documents at this connection and were never reported to it. */
async function unreported(tx: Db, p: Principal, connectionId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      SELECT u.id FROM units u
      WHERE u.team_id = ${p.teamId}::uuid AND u.billingunit IS NOT NULL AND u.mscnumber IS NOT NULL
        AND EXISTS (SELECT 1 FROM tenancies t WHERE t.unit_id = u.id)
        AND EXISTS (SELECT 1 FROM delivery_documents d WHERE d.connection_id = ${connectionId}::uuid
          AND d.unit_msc = u.mscnumber)
        AND NOT EXISTS (SELECT 1 FROM osr_reports r WHERE r.unit_id = u.id AND r.connection_id = ${connectionId}::uuid)
      ORDER BY u.id`),
  );
  return rows.map((r) => r.id);
}

/** Reported units with a tenancy without a move-in and documents of this connection seen after their last report. */
async function newlyDocumented(tx: Db, p: Principal, connectionId: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      SELECT u.id FROM units u
      CROSS JOIN LATERAL (SELECT max(r.updated_at) AS at FROM osr_reports r WHERE r.unit_id = u.id) last
      WHERE u.team_id = ${p.teamId}::uuid AND u.billingunit IS NOT NULL AND u.mscnumber IS NOT NULL
        AND last.at IS NOT NULL
        AND EXISTS (SELECT 1 FROM tenancies t WHERE t.unit_id = u.id AND t.move_in IS NULL)
        AND EXISTS (SELECT 1 FROM delivery_documents d WHERE d.connection_id = ${connectionId}::uuid
          AND d.unit_msc = u.mscnumber AND d.first_seen_at > last.at)
      ORDER BY u.id`),
  );
  return rows.map((r) => r.id);
}

export async function reportLinkedUnits(db: Db, connection: { id: string; userId: string }): Promise<number> {
  // The register is the connection's team's (migration 0043), whoever of the team owns the connection.
  const [work] = rowsOf<{ missing: boolean; reporting: boolean; role: Role | null; team_id: string }>(
    await db.execute(sql`SELECT c.team_id,
      (SELECT role FROM users WHERE id = c.user_id) AS role,
      EXISTS (SELECT 1 FROM units WHERE team_id = c.team_id AND billingunit IS NULL) AS missing,
      EXISTS (SELECT 1 FROM connections o WHERE o.team_id = c.team_id AND o.deleted_at IS NULL
        AND o.on_site_roles_url IS NOT NULL) AS reporting
      FROM connections c WHERE c.id = ${connection.id}::uuid`),
  );
  // Most syncs have nothing to learn and nobody to report to: then the register is not locked at all.
  if ((!work?.missing && !work?.reporting) || !work.role) return 0;
  // The sender acts for the connection's owner, after their sync, on the register of the connection's team.
  const owner = ownerPrincipal({ id: connection.userId, role: work.role, teamId: work.team_id, email: "" });
  const queued = await registerChange(db, owner, async (tx) => {
    const learnt = await learnBillingUnits(tx, owner, connection.id);
    if (learnt.length > 0)
      await recordEvent(tx, {
        kind: "unit.update",
        actor: "system",
        connectionId: connection.id,
        detail: { units: learnt.slice(0, 100), count: learnt.length, changed: ["billingunit"], source: "document" },
      });
    // A learnt number may make the unit reportable at the user's other connections too: each once.
    if (!work.reporting) return 0;
    const ids = await unreported(tx, owner, connection.id);
    const queued = await enqueueReports(tx, owner, ids, { onlyNew: true, reason: "sync" });
    const dated = await newlyDocumented(tx, owner, connection.id);
    return queued + (await enqueueReports(tx, owner, dated, { reason: "documents" }));
  });
  if (queued > 0) wakeReports();
  return queued;
}

/** Listens for finished syncs (lib/events.ts); lib/startup.ts calls it once, before any sync can run. */
export function reportAfterSyncs(): void {
  listen("sync.finished", "reports.linked", ({ db, connection }) => reportLinkedUnits(db, connection));
}
