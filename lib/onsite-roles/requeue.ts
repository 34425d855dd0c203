import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { dbNow } from "@/lib/process/clock";

/**
 * After a connection's credentials or on-site-roles address were changed (docs/api.md, "On-site-roles
 * reports"): its reports that the provider refused for authentication (401, 403) and those left
 * `unknown` (no answer, or the token endpoint refused the client) are queued again, attempts reset,
 * with a `queued` event (reason `credentials`) in the same statement. A claimed report is left to its sender.
 */
export async function requeueAfterFix(db: Db, connectionId: string): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      WITH requeued AS (
        UPDATE osr_reports SET state = 'pending', attempts = 0, next_attempt_at = now(), http_status = NULL,
          messages = NULL, updated_at = now()
        WHERE connection_id = ${connectionId}::uuid AND (claim_until IS NULL OR claim_until < ${dbNow()})
          AND ((state = 'rejected' AND http_status IN (401, 403)) OR state = 'unknown')
        RETURNING unit_id, connection_id
      ), logged AS (
        INSERT INTO osr_report_events (unit_id, connection_id, kind, reason)
        SELECT unit_id, connection_id, 'queued', 'credentials' FROM requeued
      )
      SELECT unit_id FROM requeued`),
  );
  return rows.length;
}
