import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { AppError, notFound } from "@/lib/errors";
import type { RecipientKind } from "@/lib/register/list";
import { readSources } from "@/lib/handoffs/targets";

/**
 * A manager's decision for a document the one rule hands to nobody (a change of resident in its
 * period, no tenancy covering it, no period): the tenancy of its unit that receives it, or "no
 * hand-off needed" (`tenancyId: null`), recorded with who decided (migration 0028,
 * `handoff_assignments`). Undone by deleting it; the rule then decides again.
 */

export type Assignment = { connectionId: string; documentid: string; tenancyId: string | null };

/** Kinds a manager may decide: a document already given to the resident of its whole period is not theirs to move. */
const DECIDABLE: readonly RecipientKind[] = ["change", "uncovered", "noPeriod", "assigned", "none"];

/** The document's unit in the user's register, and that the decision is theirs to make. */
async function unitOf(db: Db, p: Principal, a: Omit<Assignment, "tenancyId">) {
  const source = (await readSources(db, p, [a])).get(`${a.connectionId}\n${a.documentid}`);
  if (!source) throw notFound("handoff.skip.unknown");
  if (!source.unit) throw new AppError(409, "no_unit", "handoff.skip.noUnit");
  if (!DECIDABLE.includes(source.unit.recipient)) throw new AppError(409, "not_decidable", "tenancies.assign.covered");
  return source.unit;
}

export async function assignDocument(db: Db, p: Principal, a: Assignment): Promise<Assignment> {
  const unit = await unitOf(db, p, a);
  if (a.tenancyId !== null) {
    const [t] = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT id FROM tenancies WHERE id = ${a.tenancyId}::uuid AND unit_id = ${unit.id}::uuid
        AND NOT vacancy AND erased_at IS NULL`),
    );
    if (!t)
      throw new AppError(400, "validation", "error.validation", {
        fields: [{ path: "tenancyId", message: "tenancies.assign.notOfUnit" }],
      });
  }
  await db.execute(sql`INSERT INTO handoff_assignments (connection_id, documentid, unit_id, tenancy_id, decided_by)
    VALUES (${a.connectionId}::uuid, ${a.documentid}, ${unit.id}::uuid, ${a.tenancyId}::uuid, ${p.userId}::uuid)
    ON CONFLICT (connection_id, documentid, unit_id) DO UPDATE SET tenancy_id = excluded.tenancy_id,
      decided_by = excluded.decided_by, decided_at = now()`);
  await recordEvent(db, {
    kind: "handoff.assign",
    actor: principalActor(p),
    connectionId: a.connectionId,
    documentid: a.documentid,
    detail: { unit: unit.id, tenancy: a.tenancyId, decision: a.tenancyId ? "assigned" : "noHandoff" },
  });
  return a;
}

/** The decision undone: the rule decides again (a document already handed on keeps its record). */
export async function unassignDocument(db: Db, p: Principal, a: Omit<Assignment, "tenancyId">): Promise<void> {
  const unit = await unitOf(db, p, a);
  // Once the assigned resident has it (or a send is under way), the decision is part of the record and stays.
  if (unit.recipient === "assigned" && unit.tenancyId) {
    const [held] = rowsOf<{ state: string }>(
      await db.execute(sql`SELECT state FROM handoffs WHERE connection_id = ${a.connectionId}::uuid
        AND documentid = ${a.documentid} AND tenancy_id = ${unit.tenancyId}::uuid AND state <> 'failed'`),
    );
    if (held) throw new AppError(409, "handed_on", "tenancies.assign.handedOn");
  }
  await db.execute(sql`DELETE FROM handoff_assignments WHERE connection_id = ${a.connectionId}::uuid
    AND documentid = ${a.documentid} AND unit_id = ${unit.id}::uuid`);
  await recordEvent(db, {
    kind: "handoff.assign",
    actor: principalActor(p),
    connectionId: a.connectionId,
    documentid: a.documentid,
    detail: { unit: unit.id, decision: "undone" },
  });
}
