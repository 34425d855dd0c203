import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { providerAppError } from "@/lib/connections/errors";
import { retryTransient } from "@/lib/db/transient";
import type { ConfirmationState } from "@/lib/db/schema/delivery";
import { AppError } from "@/lib/errors";
import type { MessageKey, MessageVars } from "@/lib/i18n/messages";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { countConfirmation } from "@/lib/ops/metrics";
import { ProviderError } from "@/lib/provider/errors";
import { documentIdSegment } from "@/lib/provider/ids";
import { eventRow, recordEvent } from "@/lib/audit/audit";
import { fetchedUpsert, fetchEvent, type Fetched } from "./archive/fetched";
import { rowsOf } from "@/lib/db/rows";
import { known, knownFrom, knownThroughTwins, readKnown, type Known } from "./confirm-known";
import { instanceId } from "./instances";
import { refuseMismatch } from "./file-facts";
import { ensureArchived, type Archived, type ConfirmContext } from "./confirm-archive";
import { hashMatches } from "@/lib/provider/facts";

/**
 * Confirmations (docs/architecture.md, "Confirm"): archive first, then an intent row committed as
 * `pending`, then exactly one PUT, then its outcome. Invariant: a PUT goes out only for the caller
 * that moved the intent row from nothing or `failed` to `pending`; a pending, unknown or confirmed
 * row makes every other attempt (this instance or another) return without sending. The claim
 * names this instance and the deadline by which its PUT has ended (instances.ts), so nobody
 * judges it while it may still be under way, and a crash's claims are judged at once.
 */

export type ConfirmResult = {
  documentid: string;
  state: ConfirmationState;
  /** Why it is not confirmed, in the caller's words later. */
  error?: { code: string; messageKey: MessageKey; vars?: MessageVars; status: number; providerStatus?: number };
  /** Confirmed before this run came to it (by another run, tab or instance): by whom and when. */
  earlier?: { by: string | null; at: string };
};

export type { ConfirmContext };

const NOT_AGAIN: Record<Exclude<ConfirmationState, "failed">, ConfirmResult["error"]> = {
  confirmed: undefined,
  pending: { code: "confirm_pending", messageKey: "delivery.confirm.pending", status: 409 },
  // Asked again before reconciliation decided: nothing is sent.
  unknown: { code: "confirm_unknown", messageKey: "delivery.confirm.unknown", status: 409 },
};

/**
 * Why a document was not confirmed. The answer's status (docs/api.md, `PUT /api/connections/{id}/documents/{documentid}/status`): a refused id is 400;
 * anything the provider did is 502, or 504 when it did not answer in time; our own failure 500.
 */
function failure(err: unknown, fallback: MessageKey): NonNullable<ConfirmResult["error"]> {
  // Our own refusal with its own words (the archive's disk is full).
  if (err instanceof AppError) return { code: err.code, messageKey: err.messageKey, status: err.status, ...(err.options.vars && { vars: err.options.vars }) };
  const mapped = providerAppError(err, "document");
  if (mapped instanceof AppError && err instanceof ProviderError) {
    const providerStatus = err.details.status;
    const status = err.kind === "bad_id" ? 400 : err.kind === "timeout" ? 504 : 502;
    return {
      code: mapped.code,
      messageKey: mapped.messageKey,
      status,
      ...(mapped.options.vars && { vars: mapped.options.vars }),
      ...(providerStatus && { providerStatus }),
    };
  }
  return { code: "archive_failed", messageKey: fallback, status: 500 };
}

/** Failures whose own words say more than "could not be fetched": a file too large, a full disk, our archive. */
const OWN_WORDS = new Set(["archive_failed", "archive_disk_full", "provider_too_large"]);

/** A document whose intent row someone holds (pending, unknown, confirmed) is reported as it stands; nothing is sent. */
function held(documentid: string, k: Known): ConfirmResult | undefined {
  if (!k.state || k.state === "failed") return undefined;
  return { documentid, state: k.state, ...(NOT_AGAIN[k.state] && { error: NOT_AGAIN[k.state] }), ...(k.earlier && { earlier: k.earlier }) };
}

/**
 * Moves the intent row to `pending` if nobody else holds it, in one statement with what goes
 * with it: the document turns `pending`, bytes fetched just now are recorded, and the `fetch` and
 * `confirm.attempt` events are written. True: this caller may send (and no one else).
 */
async function claim(ctx: ConfirmContext, documentid: string, kd: string, sha256: string, deadlineAt: Date, fetched?: Fetched): Promise<boolean> {
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
async function recordOutcome(
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
 * The bytes could not be had. Another run (a second tab, another instance, another user's
 * connection to the same account) may have confirmed the document meanwhile, and a provider no
 * longer serves a confirmed document: that is reported as it stands, not as a failure.
 */
async function notArchived(ctx: ConfirmContext, documentid: string, err: unknown): Promise<ConfirmResult> {
  const heldNow = held(documentid, await known(ctx, documentid)) ?? held(documentid, await knownThroughTwins(ctx, documentid));
  if (heldNow) return heldNow;
  const error = failure(err, "delivery.confirm.archiveFailed");
  log().warn({ connectionId: ctx.connection.id, code: error.code, err: err instanceof ProviderError ? err.kind : err }, "not confirmed: bytes not archived");
  await recordEvent(ctx.db, {
    kind: "fetch",
    actor: ctx.actor,
    connectionId: ctx.connection.id,
    documentid,
    detail: { ok: false, via: "confirm", error: error.code, providerStatus: error.providerStatus },
  });
  countConfirmation("failed");
  return { documentid, state: "failed", error: OWN_WORDS.has(error.code) ? error : { ...error, messageKey: "delivery.confirm.notFetched" } };
}

/**
 * Confirms one document. Never throws for the provider's or the archive's reasons: the outcome
 * is a value, so a bulk run goes on with the next document. `read`: a bulk run's read of it (confirm-known.ts).
 */
export async function confirmOne(ctx: ConfirmContext, documentid: string, kdInput?: string, read?: Map<string, Known>): Promise<ConfirmResult> {
  const kd = kdInput ?? (ctx.connection.service === "dta" ? (ctx.connection.customerNumber ?? "") : "");
  try {
    documentIdSegment(documentid);
  } catch (err) {
    return { documentid, state: "failed", error: failure(err, "delivery.confirm.notFetched") };
  }
  const before = await knownFrom(ctx, documentid, read);
  const heldBefore = held(documentid, before);
  if (heldBefore) return heldBefore;

  let archived: Archived;
  try {
    archived = await ensureArchived(ctx, documentid, kd, before);
  } catch (err) {
    return notArchived(ctx, documentid, err);
  }

  // Other bytes than the provider describes are never confirmed: nothing is claimed or sent.
  if (archived.check && !hashMatches(archived.check)) {
    return { documentid, state: "failed", error: await refuseMismatch(ctx.db, { ...ctx, documentid, check: archived.check, fetched: archived.fetched }) };
  }
  // The bearer token before the claim: the PUT's deadline must not be spent waiting for one.
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
  // One deadline for the whole PUT, set before the claim records it: past it nothing is under way.
  const timeoutMs = env().providerTimeoutMs;
  const deadline = AbortSignal.timeout(timeoutMs);
  const claimed = await claim(ctx, documentid, kd, archived.file.sha256, new Date(Date.now() + timeoutMs), archived.fetched);
  // Someone else holds it now: reported as it stands (by whom, when), nothing is sent.
  if (!claimed) return held(documentid, await known(ctx, documentid)) ?? { documentid, state: "pending", error: NOT_AGAIN.pending };
  if (deadline.aborted) {
    await recordOutcome(ctx, documentid, "failed", { code: "deadline_before_send" });
    return { documentid, state: "failed", error: { code: "provider_timeout", messageKey: "delivery.confirm.notSent", status: 504 } };
  }

  // No caller signal: the outcome must be seen even when the browser has gone away.
  const outcome = await ctx.client.confirm(documentid, { ...(kd && { kd }), deadline });
  if (outcome.state === "confirmed") {
    await recordOutcome(ctx, documentid, "confirmed", { noLongerOpen: outcome.noLongerOpen });
    return { documentid, state: "confirmed" };
  }
  const error = failure(outcome.error, "delivery.confirm.notFetched");
  await recordOutcome(ctx, documentid, outcome.state, { providerStatus: error.providerStatus, code: error.code });
  log().warn(
    { connectionId: ctx.connection.id, state: outcome.state, kind: outcome.error.kind, providerStatus: error.providerStatus },
    "confirmation not confirmed",
  );
  if (outcome.state === "unknown") {
    const status = outcome.error.kind === "timeout" ? 504 : 502;
    return { documentid, state: "unknown", error: { ...NOT_AGAIN.unknown!, status, providerStatus: error.providerStatus } };
  }
  return { documentid, state: "failed", error };
}

type OnResult = (r: ConfirmResult) => void | Promise<void>;

/** Documents of a bulk run read in one statement, shortly before they are confirmed (confirm-known.ts). */
const READ_SLICE = 64;

/** Bulk: at most 8 at once, each outcome reported (and awaited) as it finishes; once `stopped()`, none is claimed (`cancelled`). */
export async function confirmMany(ctx: ConfirmContext, documentids: string[], kd: string | undefined, onResult: OnResult, stopped = () => false) {
  const ids = [...new Set(documentids)];
  const totals = { confirmed: 0, failed: 0, unknown: 0, pending: 0 };
  let at = 0;
  // The slice of the document taken last is read when its first document is taken; an earlier
  // slice is dropped then, as every one of its documents has been taken (and given its read).
  // A failed read only costs each of its documents its own read.
  const slices = new Map<number, Promise<Map<string, Known> | undefined>>();
  const readOf = (i: number) => {
    const n = Math.floor(i / READ_SLICE);
    if (!slices.has(n)) {
      slices.delete(n - 1);
      slices.set(
        n,
        readKnown(ctx, ids.slice(n * READ_SLICE, (n + 1) * READ_SLICE)).catch(() => undefined),
      );
    }
    return slices.get(n)!;
  };
  const next = () => (stopped() || at >= ids.length ? undefined : at++);
  const worker = async () => {
    for (let i = next(); i !== undefined; i = next()) {
      const id = ids[i]!;
      const read = readOf(i);
      let result: ConfirmResult;
      try {
        result = await confirmOne(ctx, id, kd, await read);
      } catch (err) {
        // A database failure for one document: reported, and the run goes on. What holds the
        // document now (another run's claim, or ours) is still the truth to report.
        const requestId = randomUUID();
        log().error({ err, requestId, connectionId: ctx.connection.id }, "confirmation failed unexpectedly");
        const now = await known(ctx, id).catch(() => undefined);
        result = (now && held(id, now)) ?? {
          documentid: id,
          state: "failed",
          error: { code: "internal", messageKey: "error.internal", vars: { requestId }, status: 500 },
        };
      }
      totals[result.state]++;
      await onResult(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, ids.length) }, worker));
  return { ...totals, cancelled: ids.length - at };
}
