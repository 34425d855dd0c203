import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { accountOf, connectionsToAccount } from "@/lib/connections/account";
import { providerFor } from "@/lib/connections/provider";
import type { Db } from "@/lib/db/client";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { deliverySync } from "@/lib/db/schema/delivery";
import { env } from "@/lib/env";
import { announce } from "@/lib/events";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { shutdownSignal } from "@/lib/process/lifecycle";
import { countSyncRun } from "@/lib/process/metrics";
import type { MessageKey } from "@/lib/i18n/messages";
import { recordEvent, type Actor } from "@/lib/audit/audit";
import { rowsOf } from "@/lib/db/rows";
import { indexDocuments, tidyIndex } from "./document-index";
import { markReplacements, markUnlisted } from "./index-marks";
import { listFailure } from "./documents";
import { instanceId } from "@/lib/ops/instances";
import { reconcileConnection } from "./reconcile";

/**
 * Sync (docs/architecture.md, "Sync"): walk the provider's whole list, record every document in
 * the index, mark what disappeared `gone`, then reconcile open confirmations. One sync per
 * connection at a time, across instances: a lease row in delivery_sync, renewed while it runs.
 */

const LEASE_MS = 2 * 60_000;
const RENEW_MS = 20_000;

export type SyncProgress = { seen: number; count: number };
export type SyncDone = {
  done: true;
  open: number;
  gone: number;
  added: number;
  countMismatch?: { count: number; seen: number };
  reconciled?: { confirmed: number; reopened: number };
};
export type Lease = { connectionId: string; owner: string };

/** lastSync keeps a message key without its values: a message that needs them is kept as its summary. */
const STORED_MESSAGE: Partial<Record<MessageKey, MessageKey>> = {
  "connections.error.countImplausible": "connections.error.countImplausibleLast",
  "connections.error.countNotNumber": "connections.error.countImplausibleLast",
};

/** Takes the connection's sync lease, or null while another sync of it runs. */
export async function acquireSyncLease(db: Db, connectionId: string): Promise<Lease | null> {
  // The holder is this instance: a lease of an instance found dead is released (lib/ops/instances.ts).
  const owner = `${instanceId()}:${randomUUID().slice(0, 8)}`;
  const until = new Date(Date.now() + LEASE_MS).toISOString();
  const got = rowsOf(
    await db.execute(sql`
      INSERT INTO delivery_sync (connection_id, lease_owner, lease_until) VALUES (${connectionId}, ${owner}, ${until}::timestamptz)
      ON CONFLICT (connection_id) DO UPDATE SET lease_owner = excluded.lease_owner, lease_until = excluded.lease_until
      WHERE delivery_sync.lease_until IS NULL OR delivery_sync.lease_until < now()
      RETURNING connection_id`),
  );
  return got.length ? { connectionId, owner } : null;
}

async function renewLease(db: Db, lease: Lease): Promise<void> {
  await db
    .update(deliverySync)
    .set({ leaseUntil: new Date(Date.now() + LEASE_MS) })
    .where(and(eq(deliverySync.connectionId, lease.connectionId), eq(deliverySync.leaseOwner, lease.owner)));
}

/** When the background sync should next look at a connection: the interval, jittered by ±10 %. */
export function nextSyncAt(now = Date.now()): Date | null {
  const minutes = env().syncIntervalMinutes;
  if (minutes <= 0) return null;
  return new Date(now + minutes * 60_000 * (0.9 + Math.random() * 0.2));
}

async function releaseLease(
  db: Db,
  lease: Lease,
  outcome: { ok: boolean; open: number | null; message: string | null } | "stopped",
): Promise<void> {
  const now = new Date();
  // Stopped by a shutdown: free at once, and the last outcome and the next time stay as they were.
  const after =
    outcome === "stopped"
      ? {}
      : {
          lastAt: now,
          lastOk: outcome.ok,
          ...(outcome.open !== null && { lastOpen: outcome.open }),
          lastMessage: outcome.message,
          ...(outcome.ok && { lastGoodAt: now }),
          nextAt: nextSyncAt(now.getTime()),
        };
  await db
    .update(deliverySync)
    .set({
      leaseOwner: null,
      leaseUntil: null,
      ...after,
    })
    .where(and(eq(deliverySync.connectionId, lease.connectionId), eq(deliverySync.leaseOwner, lease.owner)));
}

/** The `kd` values a connection's list is walked for: DTA its customer number (or its own customer). */
function customersOf(connection: ConnectionRow): string[] {
  return connection.service === "dta" ? [connection.customerNumber ?? ""] : [""];
}

/** Open documents of a connection, from the counts the index keeps (migration 0007). */
async function openCount(db: Db, connectionId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT n FROM delivery_state_counts WHERE connection_id = ${connectionId} AND state = 'open'`),
  );
  return row?.n ?? 0;
}

/**
 * Ends a failed sync: the lease released, the outcome recorded, and the project's error to throw.
 * A sync stopped by a shutdown keeps what it indexed (each page before the stop), and the last
 * outcome stays as it was: it did not fail, it was cut short.
 */
async function endFailed(
  db: Db,
  lease: Lease,
  run: { connectionId: string; actor: Actor; err: unknown; stopped: boolean; seen: number; added: number },
): Promise<unknown> {
  const { connectionId, actor, seen, added } = run;
  const mapped = run.stopped ? new AppError(503, "shutting_down", "delivery.sync.stopped") : listFailure(run.err);
  const code = mapped instanceof AppError ? mapped.code : "internal";
  log().warn(
    { connectionId, err: mapped instanceof AppError ? code : run.err },
    run.stopped ? "sync stopped by the shutdown" : "sync failed",
  );
  const message =
    mapped instanceof AppError ? (STORED_MESSAGE[mapped.messageKey] ?? mapped.messageKey) : "error.internal";
  await releaseLease(db, lease, run.stopped ? "stopped" : { ok: false, open: null, message }).catch(() => undefined);
  await recordEvent(db, { kind: "sync", actor, connectionId, detail: { ok: false, error: code, seen, added } }).catch(
    () => undefined,
  );
  return mapped;
}

/**
 * Every user's other connections to the provider account this one reaches: what they confirm leaves this one's list.
 */
async function twinsOf(db: Db, connection: ConnectionRow): Promise<string[]> {
  const twins = await connectionsToAccount(db, accountOf(connection), { everyUser: true, exceptId: connection.id });
  return twins.map((c) => c.id);
}

/**
 * Runs one sync under a lease taken by `acquireSyncLease`, and always releases it. Documents that
 * were not listed are marked gone only when the list held still during the walk (the count before
 * and after agree); open confirmations are reconciled only when, besides, every counted document
 * was seen. A provider failure ends the sync with the project's error, recorded as its outcome;
 * a shutdown stops the walk at its next page (`shutting_down`).
 */
export async function runSync(
  db: Db,
  lease: Lease,
  input: { connection: ConnectionRow; actor: Actor; onProgress?: (p: SyncProgress) => void },
): Promise<SyncDone> {
  const { connection, actor } = input;
  const walkStart = new Date();
  const took = () => (Date.now() - walkStart.getTime()) / 1000;
  const renew = setInterval(() => void renewLease(db, lease).catch(() => undefined), RENEW_MS);
  const signal = shutdownSignal();
  let added = 0;
  let gone = 0;
  let seen = 0;
  let count = 0;
  let stable = true;
  try {
    const client = providerFor(connection);
    const twins = await twinsOf(db, connection);
    for (const kd of customersOf(connection)) {
      const walked = await client.walk({
        ...(kd && { kd }),
        signal,
        onPage: async (documents, progress) => {
          added += await indexDocuments(db, { connectionId: connection.id, kd }, documents, new Date());
          input.onProgress?.({ seen: seen + progress.seen, count: count + progress.count });
        },
      });
      seen += walked.seen;
      count += walked.countAfter;
      if (walked.countBefore !== walked.countAfter) stable = false;
      if (walked.countBefore === walked.countAfter) {
        gone += await markUnlisted(db, connection.id, kd, walkStart, twins);
      }
    }
    await markReplacements(db, connection.id);
    await tidyIndex(db, added);
    const complete = stable && seen === count;
    const reconciled = complete ? await reconcileConnection(db, connection.id, walkStart, actor) : undefined;
    const open = await openCount(db, connection.id);
    const done: SyncDone = {
      done: true,
      open,
      gone,
      added,
      ...(!complete && { countMismatch: { count, seen } }),
      ...(reconciled && reconciled.confirmed + reconciled.reopened > 0 && { reconciled }),
    };
    await releaseLease(db, lease, { ok: true, open, message: null });
    // Units whose documents (or billing-unit number) came with this sync are reported now (lib/onsite-roles/linked.ts
    // listens); never fails the sync.
    await announce("sync.finished", { db, connection });
    countSyncRun(complete ? "ok" : "incomplete", took(), seen);
    await recordEvent(db, {
      kind: "sync",
      actor,
      connectionId: connection.id,
      detail: { ok: true, seen, count, added, gone, open, ...(reconciled && { reconciled }) },
    });
    return done;
  } catch (err) {
    countSyncRun("failed", took(), seen);
    throw await endFailed(db, lease, { connectionId: connection.id, actor, err, stopped: signal.aborted, seen, added });
  } finally {
    clearInterval(renew);
  }
}

/**
 * Takes the lease now (a sync already running answers 409 before any line is sent) and hands
 * back the run, which reports progress through `emit` and ends with the done line.
 */
export async function startSync(
  db: Db,
  input: { connection: ConnectionRow; actor: Actor },
): Promise<(emit: (line: object) => void) => Promise<SyncDone>> {
  const lease = await acquireSyncLease(db, input.connection.id);
  if (!lease) throw new AppError(409, "sync_running", "delivery.sync.running");
  return (emit) => runSync(db, lease, { ...input, onProgress: emit });
}
