import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { recordEvents, type Actor, type AuditEvent } from "@/lib/audit/audit";
import { rowsOf } from "@/lib/db/rows";
import { claimSettledSql } from "./confirm/settled";

/**
 * Decides `unknown` and crash-left `pending` confirmations by the provider's full list: gone means the PUT took effect,
 * still listed that it did not. Only a PUT that ended, or can no longer be under way, before the walk began is judged:
 * one in flight may land after the list was read (docs/architecture.md, "Reconciliation").
 */
export async function reconcileConnection(
  db: Db,
  connectionId: string,
  walkStart: Date,
  actor: Actor,
): Promise<{ confirmed: number; reopened: number }> {
  const start = walkStart.toISOString();
  const decided = rowsOf<{ documentid: string; outcome: "confirmed" | "open"; previous: string }>(
    await db.execute(sql`
      WITH due AS (
        SELECT c.documentid, c.state AS previous,
          CASE WHEN d.last_seen_at >= ${start}::timestamptz THEN 'open' ELSE 'confirmed' END AS outcome
        FROM delivery_confirmations c
        JOIN delivery_documents d ON d.connection_id = c.connection_id AND d.documentid = c.documentid
        WHERE c.connection_id = ${connectionId}
          AND ((c.state = 'unknown' AND c.finished_at < ${start}::timestamptz)
            OR (c.state = 'pending' AND ${claimSettledSql("c", sql`${start}::timestamptz`)}))
        FOR UPDATE OF c
      ), confirmations AS (
        UPDATE delivery_confirmations c
        SET state = CASE WHEN due.outcome = 'confirmed' THEN 'confirmed' ELSE 'failed' END,
            finished_at = COALESCE(c.finished_at, ${start}::timestamptz),
            message = CASE WHEN due.outcome = 'confirmed' THEN 'reconciled: no longer listed' ELSE 'reconciled: still listed' END
        FROM due WHERE c.connection_id = ${connectionId} AND c.documentid = due.documentid
        RETURNING c.documentid, c.actor_id, c.finished_at
      )
      UPDATE delivery_documents d
      SET state = due.outcome,
          confirmed_at = CASE WHEN due.outcome = 'confirmed' THEN confirmations.finished_at ELSE NULL END,
          confirmed_by = CASE WHEN due.outcome = 'confirmed' THEN confirmations.actor_id ELSE NULL END
      FROM due JOIN confirmations ON confirmations.documentid = due.documentid
      WHERE d.connection_id = ${connectionId} AND d.documentid = due.documentid
      RETURNING d.documentid, due.outcome, due.previous`),
  );
  const events: AuditEvent[] = decided.map((r) => ({
    kind: "reconcile",
    actor,
    connectionId,
    documentid: r.documentid,
    detail: {
      from: r.previous,
      state: r.outcome,
      reason: r.outcome === "confirmed" ? "no longer listed" : "still listed",
    },
  }));
  await recordEvents(db, events);
  return {
    confirmed: decided.filter((r) => r.outcome === "confirmed").length,
    reopened: decided.filter((r) => r.outcome === "open").length,
  };
}
