import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { providerAppError } from "@/lib/connections/errors";
import type { Db } from "@/lib/db/client";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { deliveryConfirmations, deliveryDocuments, type ConfirmationState } from "@/lib/db/schema/delivery";
import { AppError } from "@/lib/errors";
import type { MessageKey } from "@/lib/i18n/messages";
import { log } from "@/lib/log";
import type { ProviderClient } from "@/lib/provider/client";
import { ProviderError } from "@/lib/provider/errors";
import { documentIdSegment } from "@/lib/provider/ids";
import { archiveStream, isArchived, type ArchivedFile } from "./archive";
import { recordEvent, type Actor } from "@/lib/audit/audit";
import { rowsOf } from "./document-index";
import { recordFetched } from "./fetched";
import { pendingKey, settlePendingArchive } from "./pending-archives";

/**
 * Confirmations (docs/architecture.md, "Confirm"): archive first, then an intent row committed as
 * `pending`, then exactly one PUT, then its outcome. Invariant: a PUT goes out only for the caller
 * that moved the intent row from nothing or `failed` to `pending`; a pending, unknown or confirmed
 * row makes every other attempt (this instance or another) return without sending.
 */

export type ConfirmResult = {
  documentid: string;
  state: ConfirmationState;
  /** Why it is not confirmed, in the caller's words later. */
  error?: { code: string; messageKey: MessageKey; status: number; providerStatus?: number };
};

export type ConfirmContext = { db: Db; connection: ConnectionRow; client: ProviderClient; actor: Actor };

const scopeOf = (ctx: ConfirmContext, documentid: string) =>
  and(eq(deliveryConfirmations.connectionId, ctx.connection.id), eq(deliveryConfirmations.documentid, documentid));

const NOT_AGAIN: Record<Exclude<ConfirmationState, "failed">, ConfirmResult["error"]> = {
  confirmed: undefined,
  pending: { code: "confirm_pending", messageKey: "delivery.confirm.pending", status: 409 },
  // Asked again before reconciliation decided: nothing is sent.
  unknown: { code: "confirm_unknown", messageKey: "delivery.confirm.unknown", status: 409 },
};

/**
 * Why a document was not confirmed. The answer's status (DASHBOARD.md): a refused id is 400;
 * anything the provider did is 502, or 504 when it did not answer in time; our own failure 500.
 */
function failure(err: unknown, fallback: MessageKey): NonNullable<ConfirmResult["error"]> {
  const mapped = providerAppError(err, "document");
  if (mapped instanceof AppError && err instanceof ProviderError) {
    const providerStatus = err.details.status;
    const status = err.kind === "bad_id" ? 400 : err.kind === "timeout" ? 504 : 502;
    return { code: mapped.code, messageKey: mapped.messageKey, status, ...(providerStatus && { providerStatus }) };
  }
  return { code: "archive_failed", messageKey: fallback, status: 500 };
}

async function currentState(ctx: ConfirmContext, documentid: string): Promise<ConfirmationState | undefined> {
  const [row] = await ctx.db.select({ state: deliveryConfirmations.state }).from(deliveryConfirmations).where(scopeOf(ctx, documentid)).limit(1);
  return row?.state;
}

/**
 * The bytes of the document in the archive: those recorded before, or fetched now. A view whose
 * download has ended may still be committing them: that commit is awaited first, so only a
 * finished archive and record count.
 */
async function ensureArchived(ctx: ConfirmContext, documentid: string, kd: string): Promise<ArchivedFile> {
  await settlePendingArchive(pendingKey(ctx.connection.id, documentid));
  const [row] = await ctx.db
    .select({ sha256: deliveryDocuments.sha256, bytes: deliveryDocuments.bytes })
    .from(deliveryDocuments)
    .where(and(eq(deliveryDocuments.connectionId, ctx.connection.id), eq(deliveryDocuments.documentid, documentid)))
    .limit(1);
  if (row?.sha256 && row.bytes !== null && (await isArchived(ctx.db, row.sha256))) return { sha256: row.sha256, bytes: row.bytes };
  const file = await ctx.client.data(documentid, kd ? { kd } : {});
  const archived = await archiveStream(ctx.db, file.body);
  await recordFetched(ctx.db, { connection: ctx.connection, documentid, kd, actor: ctx.actor, file: archived, contentType: file.contentType, filename: file.filename, via: "confirm" });
  return archived;
}

/** Moves the intent row to `pending` if nobody else holds it; true when this caller may send. */
async function claim(ctx: ConfirmContext, documentid: string, kd: string, sha256: string): Promise<boolean> {
  const actorId = ctx.actor === "system" ? null : ctx.actor.id;
  const now = new Date().toISOString();
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      INSERT INTO delivery_confirmations AS c (connection_id, documentid, kd, state, actor_id, sha256, started_at)
      VALUES (${ctx.connection.id}, ${documentid}, ${kd}, 'pending', ${actorId}, ${sha256}, ${now}::timestamptz)
      ON CONFLICT (connection_id, documentid) DO UPDATE SET state = 'pending', actor_id = excluded.actor_id,
        sha256 = excluded.sha256, started_at = excluded.started_at, attempts = c.attempts + 1,
        finished_at = NULL, provider_status = NULL, message = NULL
      WHERE c.state = 'failed'
      RETURNING c.attempts`);
    const rows = rowsOf<{ attempts: number }>(claimed);
    if (rows.length === 0) return false;
    await tx
      .update(deliveryDocuments)
      .set({ state: "pending" })
      .where(and(eq(deliveryDocuments.connectionId, ctx.connection.id), eq(deliveryDocuments.documentid, documentid)));
    await recordEvent(tx, { kind: "confirm.attempt", actor: ctx.actor, connectionId: ctx.connection.id, documentid, detail: { sha256, attempt: rows[0]!.attempts } });
    return true;
  });
}

async function recordOutcome(ctx: ConfirmContext, documentid: string, state: ConfirmationState, detail: { providerStatus?: number; code?: string; noLongerOpen?: boolean }): Promise<void> {
  const now = new Date();
  const actorId = ctx.actor === "system" ? null : ctx.actor.id;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(deliveryConfirmations)
      .set({ state, finishedAt: now, providerStatus: detail.providerStatus ?? null, message: detail.code ?? null })
      .where(scopeOf(ctx, documentid));
    await tx
      .update(deliveryDocuments)
      .set(state === "confirmed" ? { state, confirmedAt: now, confirmedBy: actorId } : { state })
      .where(and(eq(deliveryDocuments.connectionId, ctx.connection.id), eq(deliveryDocuments.documentid, documentid)));
    await recordEvent(tx, { kind: "confirm.outcome", actor: ctx.actor, connectionId: ctx.connection.id, documentid, detail: { state, ...detail } });
  });
}

/**
 * Confirms one document. Never throws for the provider's or the archive's reasons: the outcome
 * is a value, so a bulk run goes on with the next document.
 */
export async function confirmOne(ctx: ConfirmContext, documentid: string, kdInput?: string): Promise<ConfirmResult> {
  const kd = kdInput ?? (ctx.connection.service === "dta" ? (ctx.connection.customerNumber ?? "") : "");
  try {
    documentIdSegment(documentid);
  } catch (err) {
    return { documentid, state: "failed", error: failure(err, "delivery.confirm.notFetched") };
  }
  const before = await currentState(ctx, documentid);
  if (before && before !== "failed") return { documentid, state: before, ...(NOT_AGAIN[before] && { error: NOT_AGAIN[before] }) };

  let archived: ArchivedFile;
  try {
    archived = await ensureArchived(ctx, documentid, kd);
  } catch (err) {
    const error = failure(err, "delivery.confirm.archiveFailed");
    log().warn({ connectionId: ctx.connection.id, code: error.code, err: err instanceof ProviderError ? err.kind : err }, "not confirmed: bytes not archived");
    await recordEvent(ctx.db, { kind: "fetch", actor: ctx.actor, connectionId: ctx.connection.id, documentid, detail: { ok: false, via: "confirm", error: error.code, providerStatus: error.providerStatus } });
    return { documentid, state: "failed", error: { ...error, messageKey: error.code === "archive_failed" ? error.messageKey : "delivery.confirm.notFetched" } };
  }

  if (!(await claim(ctx, documentid, kd, archived.sha256))) {
    const now = (await currentState(ctx, documentid)) ?? "pending";
    return { documentid, state: now, ...(now !== "failed" && NOT_AGAIN[now] && { error: NOT_AGAIN[now] }) };
  }

  // No caller signal: the outcome must be seen even when the browser has gone away.
  const outcome = await ctx.client.confirm(documentid, kd ? { kd } : {});
  if (outcome.state === "confirmed") {
    await recordOutcome(ctx, documentid, "confirmed", { noLongerOpen: outcome.noLongerOpen });
    return { documentid, state: "confirmed" };
  }
  const error = failure(outcome.error, "delivery.confirm.notFetched");
  await recordOutcome(ctx, documentid, outcome.state, { providerStatus: error.providerStatus, code: error.code });
  log().warn({ connectionId: ctx.connection.id, state: outcome.state, kind: outcome.error.kind, providerStatus: error.providerStatus }, "confirmation not confirmed");
  if (outcome.state === "unknown") {
    const status = outcome.error.kind === "timeout" ? 504 : 502;
    return { documentid, state: "unknown", error: { ...NOT_AGAIN.unknown!, status, providerStatus: error.providerStatus } };
  }
  return { documentid, state: "failed", error };
}

/** Bulk: at most `concurrency` documents at once; each outcome reported as it finishes. */
export async function confirmMany(ctx: ConfirmContext, documentids: string[], kd: string | undefined, onResult: (r: ConfirmResult) => void, concurrency = 8) {
  const queue = [...new Set(documentids)];
  const totals = { confirmed: 0, failed: 0, unknown: 0, pending: 0 };
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      let result: ConfirmResult;
      try {
        result = await confirmOne(ctx, id, kd);
      } catch (err) {
        // A database failure for one document: reported, and the run goes on.
        log().error({ err, connectionId: ctx.connection.id }, "confirmation failed unexpectedly");
        result = { documentid: id, state: "failed", error: { code: "internal", messageKey: "error.internal", status: 500 } };
      }
      totals[result.state]++;
      onResult(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return totals;
}
