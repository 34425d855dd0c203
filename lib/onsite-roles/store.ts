import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { eventRow, type AuditEvent } from "@/lib/audit/audit";
import { rowsOf } from "@/lib/db/rows";
import { dbNow, now as clockNow } from "@/lib/process/clock";
import type { OsrOutcome } from "@/lib/provider/osr";

/**
 * The report rows' claims and outcomes (migration 0031). A claim is committed before the request
 * goes out, by one statement that only one caller of any instance wins; an outcome is written only
 * by its claim's holder, and only when the row still holds the state it claimed: a change queued
 * meanwhile stays `pending` and goes out next. Back-off and claims run on the app's clock
 * (lib/process/clock.ts), which a test moves instead of waiting.
 */

export const MAX_ATTEMPTS = 5;
/** Waits before the 2nd to 5th attempt of an `unknown` report (a Retry-After may ask for longer). */
const BACKOFF_MS = [2_000, 30_000, 300_000, 1_800_000];
const MAX_RETRY_AFTER_MS = 3_600_000;

export type Claimed = { unit_id: string; connection_id: string; hash: string; attempts: number };

/**
 * Claims at most `limit` due reports, at most `perConnection` of each connection counting those it
 * already sends (`busy`: by connection id). Through `osr_reports_due` (migration 0035): the connections
 * with reports to send, one index step each, then each one's earliest. Units are independent, so one
 * connection's reports go out side by side; a slow provider holds only its own share.
 */
export async function claimDue(
  db: Db,
  me: string,
  limit: number,
  busy: Map<string, number>,
  holdMs: number,
  perConnection: number,
): Promise<Claimed[]> {
  const used = JSON.stringify(Object.fromEntries(busy));
  return rowsOf<Claimed>(
    await db.execute(sql`
      WITH due AS (
        SELECT d.unit_id, d.connection_id, d.next_attempt_at FROM (
          WITH RECURSIVE c AS (
            (SELECT connection_id AS id FROM osr_reports WHERE state IN ('pending', 'unknown') ORDER BY connection_id LIMIT 1)
            UNION ALL
            SELECT (SELECT r.connection_id FROM osr_reports r WHERE r.state IN ('pending', 'unknown') AND r.connection_id > c.id
              ORDER BY r.connection_id LIMIT 1) FROM c WHERE c.id IS NOT NULL
          ) SELECT id FROM c WHERE id IS NOT NULL
        ) c
        CROSS JOIN LATERAL (
          SELECT r.unit_id, r.connection_id, r.next_attempt_at FROM osr_reports r
          WHERE r.connection_id = c.id AND r.state IN ('pending', 'unknown') AND r.next_attempt_at <= ${dbNow()}
            AND r.attempts < ${MAX_ATTEMPTS} AND (r.claim_until IS NULL OR r.claim_until < ${dbNow()})
          ORDER BY r.next_attempt_at
          LIMIT GREATEST(0, ${perConnection} - COALESCE((${used}::jsonb ->> c.id::text)::int, 0))
        ) d
        ORDER BY d.next_attempt_at LIMIT ${limit}
      ), claimed AS (
        UPDATE osr_reports r SET claimed_by = ${me}, claim_until = ${dbNow()} + make_interval(secs => ${holdMs / 1000}),
          attempts = r.attempts + 1, sent_at = now(), updated_at = now()
        FROM due WHERE r.unit_id = due.unit_id AND r.connection_id = due.connection_id
          AND (r.claim_until IS NULL OR r.claim_until < ${dbNow()})
        RETURNING r.unit_id, r.connection_id, r.hash, r.attempts
      ), logged AS (
        INSERT INTO osr_report_events (unit_id, connection_id, kind, attempt)
        SELECT unit_id, connection_id, 'sent', attempts FROM claimed
      )
      SELECT unit_id, connection_id, hash, attempts FROM claimed`),
  );
}

/** When an `unknown` report is sent again, or never (null) after its last attempt. */
export function nextAttempt(attempts: number, retryAfterMs: number | undefined, now = clockNow()): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const base = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;
  const jittered = base * (0.8 + Math.random() * 0.4);
  return new Date(now + Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS)));
}

/**
 * Writes what the provider answered (`sentHash`: the state actually sent) and `event`, which learns
 * whether it was `superseded`: the claim was lost or the row moved on to another state meanwhile
 * (then only the claim is let go).
 */
export async function recordOutcome(
  db: Db,
  me: string,
  claim: Claimed,
  sentHash: string,
  outcome: OsrOutcome,
  event: AuditEvent,
): Promise<void> {
  const accepted = outcome.state === "accepted";
  const next = outcome.state === "unknown" ? nextAttempt(claim.attempts, outcome.retryAfterMs) : null;
  const messages = outcome.state === "unknown" || outcome.messages.length === 0 ? null : outcome.messages;
  const status = outcome.status;
  const reason = outcome.state === "unknown" ? outcome.reason.slice(0, 40) : null;
  const written = rowsOf(
    await db.execute(sql`
      WITH written AS (
        UPDATE osr_reports SET state = ${outcome.state}, hash = ${sentHash}, http_status = ${status},
          next_attempt_at = ${next?.toISOString() ?? null}::timestamptz,
          transactionid = ${accepted ? outcome.transactionid : null},
          messages = ${messages ? JSON.stringify(messages) : null}::jsonb,
          answered_at = now(), accepted_at = ${accepted ? sql`now()` : sql`accepted_at`},
          claimed_by = NULL, claim_until = NULL, updated_at = now()
        WHERE unit_id = ${claim.unit_id}::uuid AND connection_id = ${claim.connection_id}::uuid
          AND claimed_by = ${me} AND hash = ${claim.hash}
        RETURNING unit_id, connection_id, state, http_status, transactionid, messages, next_attempt_at
      ), logged AS (
        INSERT INTO osr_report_events (unit_id, connection_id, kind, reason, attempt, http_status, transactionid,
          messages, next_attempt_at)
        SELECT unit_id, connection_id, state, ${reason}, ${claim.attempts}, http_status, transactionid, messages,
          next_attempt_at FROM written
      ), audited AS (
        INSERT INTO audit_events (kind, actor_id, actor, connection_id, documentid, detail)
        ${eventRow(event, sql`jsonb_build_object('superseded', NOT EXISTS (SELECT 1 FROM written))`)}
      )
      SELECT unit_id FROM written`),
  );
  if (written.length === 0) await release(db, me, claim);
}

/** Lets go of a claim without an outcome (the row stays as it is, due again). */
export const release = (db: Db, me: string, claim: Claimed) =>
  db.execute(sql`UPDATE osr_reports SET claimed_by = NULL, claim_until = NULL
    WHERE unit_id = ${claim.unit_id}::uuid AND connection_id = ${claim.connection_id}::uuid AND claimed_by = ${me}`);

/** A report that can no longer be sent (connection deleted or without an address, unit not reportable). */
export const dropReport = (db: Db, claim: Claimed) =>
  db.execute(sql`WITH dropped AS (DELETE FROM osr_reports WHERE unit_id = ${claim.unit_id}::uuid
      AND connection_id = ${claim.connection_id}::uuid RETURNING unit_id, connection_id)
    INSERT INTO osr_report_events (unit_id, connection_id, kind, attempt)
    SELECT unit_id, connection_id, 'dropped', ${claim.attempts} FROM dropped
      WHERE EXISTS (SELECT 1 FROM units WHERE id = dropped.unit_id)`);
