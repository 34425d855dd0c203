import "server-only";
import { sql } from "drizzle-orm";
import { fetchedUpsert, fetchEvent, type Fetched } from "@/lib/archive/fetched";
import { eventRow, recordEvent } from "@/lib/audit/audit";
import { rowsOf } from "@/lib/db/rows";
import type { ConfirmationState } from "@/lib/db/schema/delivery";
import { retryTransient } from "@/lib/db/transient";
import { env } from "@/lib/env";
import { countConfirmation } from "@/lib/process/metrics";
import { instanceId } from "@/lib/ops/instances";
import type { Archived } from "@/lib/archive/ensure";
import type { ConfirmContext } from "./context";
import { known } from "./known";
import { failure, held, NOT_AGAIN, type ConfirmResult } from "./results";

/** The intent row of a confirmation (docs/architecture.md, "Confirm"): claimed before the one PUT, then its outcome. */

/**
 * Moves the intent row to `pending` if nobody else holds it, in one statement with what goes
 * with it: the document turns `pending`, bytes fetched just now are recorded, and the `fetch` and
 * `confirm.attempt` events are written. True: this caller may send (and no one else).
 */
export async function claim(
  ctx: ConfirmContext,
  documentid: string,
  kd: string,
  sha256: string,
  deadlineAt: Date,
  fetched?: Fetched,
): Promise<boolean> {
  const actorId = ctx.actor === "system" ? null : ctx.actor.id;
  const now = new Date().toISOString();
  const until = deadlineAt.toISOString();
  const isClaimed = sql`EXISTS (SELECT 1 FROM claimed)`;
  const attempt = eventRow(
    { kind: "confirm.attempt", actor: ctx.actor, connectionId: ctx.connection.id, documentid, detail: { sha256 } },
    sql`jsonb_build_object('attempt', claimed.attempts)`,
  );
  // Atomic on its own: aborted by PostgreSQL for a lock cycle with another run, it is run again.
  const [row] = rowsOf<{ attempts: number | null }>(
    await retryTransient(() =>
      ctx.db.execute(sql`
      WITH claimed AS (
        INSERT INTO delivery_confirmations AS c (connection_id, documentid, kd, state, actor_id, sha256, started_at, instance_id, deadline_at)
        VALUES (${ctx.connection.id}, ${documentid}, ${kd}, 'pending', ${actorId}, ${sha256}, ${now}::timestamptz, ${instanceId()}, ${until}::timestamptz)
        ON CONFLICT (connection_id, documentid) DO UPDATE SET state = 'pending', actor_id = excluded.actor_id,
          sha256 = excluded.sha256, started_at = excluded.started_at, attempts = c.attempts + 1,
          finished_at = NULL, provider_status = NULL, message = NULL,
          instance_id = excluded.instance_id, deadline_at = excluded.deadline_at
        WHERE c.state = 'failed'
        RETURNING c.attempts
      ), document AS (
        ${
          fetched
            ? fetchedUpsert(fetched, now, isClaimed)
            : sql`UPDATE delivery_documents SET state = 'pending' WHERE connection_id = ${ctx.connection.id} AND documentid = ${documentid} AND ${isClaimed}`
        }
      ), events AS (
        INSERT INTO audit_events (kind, actor_id, actor, connection_id, documentid, detail)
        ${fetched ? sql`${eventRow(fetchEvent(fetched))} UNION ALL ` : sql``}${attempt} FROM claimed
      )
      SELECT (SELECT attempts FROM claimed) AS attempts`),
    ),
  );
  return row?.attempts != null;
}

/** The outcome on the intent row and the document, and its event, in one statement. */
export async function recordOutcome(
  ctx: ConfirmContext,
  documentid: string,
  state: Exclude<ConfirmationState, "pending">,
  detail: { providerStatus?: number; code?: string; noLongerOpen?: boolean },
): Promise<void> {
  const now = new Date().toISOString();
  const actorId = ctx.actor === "system" ? null : ctx.actor.id;
  const confirmed = state === "confirmed";
  await retryTransient(() =>
    ctx.db.execute(sql`
    WITH intent AS (
      UPDATE delivery_confirmations SET state = ${state}, finished_at = ${now}::timestamptz,
        provider_status = ${detail.providerStatus ?? null}::int, message = ${detail.code ?? null}
      WHERE connection_id = ${ctx.connection.id} AND documentid = ${documentid}
    ), document AS (
      UPDATE delivery_documents SET state = ${state}${confirmed ? sql`, confirmed_at = ${now}::timestamptz, confirmed_by = ${actorId}::uuid` : sql``}
      WHERE connection_id = ${ctx.connection.id} AND documentid = ${documentid}
    )
    INSERT INTO audit_events (kind, actor_id, actor, connection_id, documentid, detail)
    ${eventRow({ kind: "confirm.outcome", actor: ctx.actor, connectionId: ctx.connection.id, documentid, detail: { state, ...detail } })}`),
  );
  countConfirmation(state);
}

/**
 * Step 3: the bearer token first (the PUT's deadline must not be spent waiting for one), then one
 * deadline for the whole PUT, recorded on the claim: past it nothing is under way. Someone else
 * holding the document now is reported as they hold it (by whom, when), and nothing is sent.
 */
export async function claimToSend(
  ctx: ConfirmContext,
  documentid: string,
  kd: string,
  archived: Archived,
): Promise<{ deadline: AbortSignal } | ConfirmResult> {
  try {
    await ctx.client.prepare();
  } catch (err) {
    const error = failure(err, "delivery.confirm.notFetched");
    await recordEvent(ctx.db, {
      kind: "confirm.outcome",
      actor: ctx.actor,
      connectionId: ctx.connection.id,
      documentid,
      detail: { state: "failed", code: error.code, sent: false, providerStatus: error.providerStatus },
    });
    countConfirmation("failed");
    return { documentid, state: "failed", error };
  }
  const timeoutMs = env().providerTimeoutMs;
  const deadline = AbortSignal.timeout(timeoutMs);
  const claimed = await claim(
    ctx,
    documentid,
    kd,
    archived.file.sha256,
    new Date(Date.now() + timeoutMs),
    archived.fetched,
  );
  if (!claimed)
    return held(documentid, await known(ctx, documentid)) ?? { documentid, state: "pending", error: NOT_AGAIN.pending };
  if (deadline.aborted) {
    await recordOutcome(ctx, documentid, "failed", { code: "deadline_before_send" });
    return {
      documentid,
      state: "failed",
      error: { code: "provider_timeout", messageKey: "delivery.confirm.notSent", status: 504 },
    };
  }
  return { deadline };
}
