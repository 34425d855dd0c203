import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import type { HandoffState } from "@/lib/db/schema/handoffs";
import type { Channel } from "@/lib/register/list";
import { instanceId } from "@/lib/ops/instances";

/**
 * The hand-off record's intent (migration 0023): like a confirmation, one send per document and
 * resident, and only by the caller that moved the row to `pending`. A `failed` row is tried again
 * when a person asks again (nothing went out, or the server's answer said so); a `sent` one only
 * with `again`, which counts the attempt. A `pending` row whose claim ran out (a crash between the
 * intent and its outcome) becomes `unknown`: maybe sent, so never sent again by itself.
 */

/** How long a claim holds: far beyond one bounded SMTP send (lib/mail: connection, greeting and socket timeouts). */
const CLAIM_MS = 15 * 60_000;

/** The document and resident a hand-off is for, and what goes out. */
export type HandoffTarget = {
  connectionId: string;
  documentid: string;
  unitKey: string;
  unitId: string;
  /** The tenancy that receives it (lib/register/tenancies/recipient.ts). */
  tenancyId: string;
  channel: Channel;
  sha256: string;
};

export type Claim = { id: string; owner: string; attempts: number };
export type Held = { state: HandoffState; at: string };

const keyOf = (t: HandoffTarget) =>
  sql`connection_id = ${t.connectionId}::uuid AND documentid = ${t.documentid} AND tenancy_id = ${t.tenancyId}::uuid`;

/**
 * The consent behind a digital hand-off, read from its tenancy as it stands at the claim (migration 0053): kept with
 * the record, so the proof names it after an objection or an erasure. A letter needs none.
 */
const consentNow = (target: HandoffTarget) =>
  target.channel === "post"
    ? sql`NULL::jsonb`
    : sql`(SELECT jsonb_build_object('channel', t.consent_channel, 'how', t.consent_how, 'at', t.digital_consent_at,
        'reference', t.consent_reference) FROM tenancies t WHERE t.id = ${target.tenancyId}::uuid AND t.consent_how IS NOT NULL)`;

/** The claim of a hand-off, or the state that holds it (nothing may be sent then). */
export async function claimHandoff(
  db: Db,
  target: HandoffTarget,
  p: Principal,
  again: boolean,
): Promise<{ claim: Claim } | { held: Held }> {
  await db.execute(sql`WITH h AS (UPDATE handoffs SET state = 'unknown', claimed_by = NULL, claim_until = NULL, at = now()
    WHERE ${keyOf(target)} AND state = 'pending' AND claim_until < now() RETURNING *) ${appendOutcomes}`);
  const owner = `${instanceId()}:${randomUUID().slice(0, 8)}`;
  const until = new Date(Date.now() + CLAIM_MS).toISOString();
  const [claimed] = rowsOf<{ id: string; attempts: number }>(
    await db.execute(sql`
      INSERT INTO handoffs (id, connection_id, documentid, unit_key, unit_id, tenancy_id, channel, state, sha256, claimed_by, claim_until, by_user, consent)
      VALUES (${randomUUID()}, ${target.connectionId}, ${target.documentid}, ${target.unitKey}, ${target.unitId}, ${target.tenancyId}::uuid,
        ${target.channel}, 'pending', ${target.sha256}, ${owner}, ${until}::timestamptz, ${p.userId}, ${consentNow(target)})
      ON CONFLICT (connection_id, documentid, tenancy_id) DO UPDATE SET
        state = 'pending', attempts = handoffs.attempts + 1, unit_id = excluded.unit_id, channel = excluded.channel, sha256 = excluded.sha256,
        consent = excluded.consent,
        claimed_by = excluded.claimed_by, claim_until = excluded.claim_until, by_user = excluded.by_user, message_id = NULL, reason = NULL, at = now()
      WHERE handoffs.state = 'failed' OR (${again} AND handoffs.state <> 'pending')
      RETURNING id, attempts`),
  );
  if (claimed) return { claim: { id: claimed.id, owner, attempts: claimed.attempts } };
  const [row] = rowsOf<{ state: HandoffState; at: Date | string }>(
    await db.execute(sql`SELECT state, at FROM handoffs WHERE ${keyOf(target)}`),
  );
  return { held: { state: row?.state ?? "pending", at: new Date(row?.at ?? Date.now()).toISOString() } };
}

/**
 * Appends the outcome of each row of `h` (the rows a data-modifying statement returned) to `handoff_outcomes`
 * (migration 0040): the row's state moves on, the outcome stays, so a proof lists every delivery.
 */
export const appendOutcomes = sql`INSERT INTO handoff_outcomes (id, handoff_id, connection_id, documentid, unit_id, tenancy_id,
    channel, state, attempt, sha256, message_id, reason, by_user, at, consent)
  SELECT gen_random_uuid(), h.id, h.connection_id, h.documentid, h.unit_id, h.tenancy_id, h.channel, h.state, h.attempts,
    h.sha256, h.message_id, h.reason, h.by_user, h.at, h.consent FROM h`;

/**
 * The outcome of a claimed hand-off (a print's is `printed`: the letter is made, not yet posted); only its claimant may
 * record it, and only once. The outcome is appended to the record's history in the same statement.
 */
export async function finishHandoff(
  db: Db,
  claim: Claim,
  outcome: { state: "sent"; messageId: string } | { state: "failed"; reason: string } | { state: "printed" },
): Promise<void> {
  await db.execute(sql`WITH h AS (UPDATE handoffs SET state = ${outcome.state},
      message_id = ${outcome.state === "sent" ? outcome.messageId : null}, reason = ${outcome.state === "failed" ? outcome.reason : null},
      claimed_by = NULL, claim_until = NULL, at = now()
    WHERE id = ${claim.id}::uuid AND claimed_by = ${claim.owner} AND state = 'pending' RETURNING *) ${appendOutcomes}`);
}
