import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import type { ArchivedFile } from "./sink";
import { eventRow, type Actor, type AuditEvent } from "@/lib/audit/audit";
import { hashMatches, type HashCheck } from "@/lib/provider/facts";

/**
 * Records that a document's bytes are archived, on its index row (made here if it was never listed) with a `fetch`
 * event. Invariant: once a confirmation claimed the document, its row keeps the hash that confirmation archived; later
 * bytes get only their own event (`otherBytes`). See docs/architecture.md, "View" and "Archive before confirm".
 */

/** States in which the row's hash is the one a confirmation archived and sent for. */
const KEPT = sql`('pending', 'unknown', 'confirmed')`;

export type Fetched = {
  connection: ConnectionRow;
  documentid: string;
  kd: string;
  actor: Actor;
  file: ArchivedFile;
  contentType: string;
  filename?: string;
  via: "view" | "confirm" | "handoff";
  /** These bytes against the provider's hashvalue, when it names a digest (./facts.ts). */
  check?: HashCheck;
};

/**
 * The upsert of a fetch onto the document's row. With `pendingWhen`, the row also turns
 * `pending` when that condition holds (a confirmation's claim in the same statement).
 */
export function fetchedUpsert(input: Fetched, now: string, pendingWhen?: SQL): SQL {
  const { connection, documentid, file } = input;
  const state = pendingWhen ? sql`CASE WHEN ${pendingWhen} THEN 'pending' ELSE 'open' END` : sql`'open'`;
  return sql`
    INSERT INTO delivery_documents AS d (connection_id, documentid, kd, filename, doctype, mimetype, propertymanagement, document,
      first_seen_at, last_seen_at, sha256, bytes, fetched_at, state, hash_check)
    VALUES (${connection.id}, ${documentid}, ${input.kd}, ${input.filename ?? documentid}, '', ${input.contentType}, '',
      ${JSON.stringify({ documentid })}::jsonb, ${now}::timestamptz, 'epoch'::timestamptz, ${file.sha256}, ${file.bytes}, ${now}::timestamptz, ${state},
      ${input.check ? JSON.stringify(input.check) : null}::jsonb)
    ON CONFLICT (connection_id, documentid) DO UPDATE SET
      sha256 = CASE WHEN d.state IN ${KEPT} THEN d.sha256 ELSE excluded.sha256 END,
      hash_check = CASE WHEN d.state IN ${KEPT} THEN d.hash_check ELSE excluded.hash_check END,
      bytes = CASE WHEN d.state IN ${KEPT} THEN d.bytes ELSE excluded.bytes END,
      fetched_at = CASE WHEN d.state IN ${KEPT} THEN d.fetched_at ELSE excluded.fetched_at END
      ${pendingWhen ? sql`, state = CASE WHEN ${pendingWhen} THEN 'pending' ELSE d.state END` : sql``}`;
}

export const fetchEvent = (input: Fetched): AuditEvent => ({
  kind: "fetch",
  actor: input.actor,
  connectionId: input.connection.id,
  documentid: input.documentid,
  detail: {
    ok: true,
    via: input.via,
    sha256: input.file.sha256,
    bytes: input.file.bytes,
    // The timeline shows a mismatch with the fetch that found it.
    ...(input.check && { hash: { ...input.check, matches: hashMatches(input.check) } }),
  },
});

/**
 * The row and the event in one statement. The event says `otherBytes` when the row keeps a
 * confirmation's hash and these bytes differ from it (the row, read before the upsert, is unchanged).
 */
export async function recordFetched(db: Db, input: Fetched): Promise<void> {
  const { connection, documentid, file } = input;
  await db.execute(sql`
    WITH kept AS (
      SELECT sha256 FROM delivery_documents
      WHERE connection_id = ${connection.id} AND documentid = ${documentid} AND state IN ${KEPT} AND sha256 IS DISTINCT FROM ${file.sha256}
    ), recorded AS (${fetchedUpsert(input, new Date().toISOString())})
    INSERT INTO audit_events (kind, actor_id, actor, connection_id, documentid, detail)
    ${eventRow(fetchEvent(input), sql`CASE WHEN EXISTS (SELECT 1 FROM kept) THEN jsonb_build_object('otherBytes', true, 'kept', (SELECT sha256 FROM kept)) ELSE '{}'::jsonb END`)}`);
}
