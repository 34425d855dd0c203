import "server-only";
import { sql } from "drizzle-orm";
import { recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { appendOutcomes } from "@/lib/handoffs/record";
import type { Dsn } from "./dsn";

/**
 * A notification's outcome on the record: the e-mail hand-off whose message id it names, while `sent`, becomes
 * `bounced` with the status as its reason (`{kind: "bounced", status}`, read in words by lib/handoffs/failure-words.ts),
 * the outcome appended to its history (lib/handoffs/record.ts) and an audit event written (no address, no text).
 */

/** The stored reason of a bounce. */
export type BounceReason = { kind: "bounced"; status: string };

/** Marks the hand-off of `dsn` bounced; whether one was found (an unknown or already bounced id changes nothing). */
export async function markBounced(db: Db, dsn: Dsn): Promise<boolean> {
  if (!dsn.failed || !dsn.messageId) return false;
  const reason: BounceReason = { kind: "bounced", status: dsn.status };
  const rows = rowsOf<{ connection_id: string; documentid: string; attempt: number; tenancy_id: string | null }>(
    await db.execute(sql`WITH h AS (UPDATE handoffs SET state = 'bounced', reason = ${JSON.stringify(reason)}, at = now()
      WHERE message_id = ${dsn.messageId} AND channel = 'email' AND state = 'sent' RETURNING *),
      o AS (${appendOutcomes})
      SELECT connection_id, documentid, attempts AS attempt, tenancy_id FROM h`),
  );
  for (const row of rows)
    await recordEvent(db, {
      kind: "handoff",
      actor: "system",
      connectionId: row.connection_id,
      documentid: row.documentid,
      detail: { channel: "email", state: "bounced", attempt: row.attempt, tenancy: row.tenancy_id, reason },
    });
  return rows.length > 0;
}
