import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import type { ConfirmationState } from "@/lib/db/schema/delivery";
import { AppError, notFound } from "@/lib/errors";
import { log } from "@/lib/log";
import { instanceId } from "@/lib/ops/instances";
import { recentRuns, requestCancel } from "@/lib/ops/runs";

/**
 * A bulk confirmation as a record (migration 0010), so that it outlives the page that started it:
 * a reloaded page lists its user's runs with their progress, and a cancel reaches the run on
 * whichever instance it runs. The instance that runs it counts every outcome on the row and reads
 * the cancel back in the same statement; a cancel answered by this instance stops the next claim
 * at once. A run whose instance dies is ended by the liveness check (lib/ops/instances.ts).
 */

/** A user's runs at once: each keeps up to 8 documents in flight. */
export const MAX_RUNNING_PER_USER = 5;
/** A finished run is still listed this long, so that a page polling it sees how it ended. */
const LISTED_AFTER_END_S = 120;
/** At most this many runs in a list (the running ones, then the most recently ended). */
const LIST_LIMIT = 20;
/** A finished run's row is removed this long after it ended, when its user starts another. */
const KEPT_DAYS = 7;

export type RunEnd = "done" | "cancelled" | "instance_ended";
export type RunCounts = Record<ConfirmationState, number>;
export type RunView = RunCounts & {
  id: string;
  connectionId: string;
  total: number;
  /** Documents the run left open because it was cancelled before it claimed them. */
  cancelled: number;
  startedAt: string;
  finishedAt: string | null;
  cancelRequested: boolean;
  ended: RunEnd | null;
  /** The page that started it (lib/ops/run-scope.ts), null for another caller of the API. */
  scope: string | null;
};

/** The runs of this process, by id: a cancel answered here is seen before the next claim. */
const store = globalThis as unknown as { argeRuns?: Map<string, { cancelled: boolean }> };
const local = (store.argeRuns ??= new Map());

type Row = Omit<RunView, "startedAt" | "finishedAt"> & { startedAt: string | Date; finishedAt: string | Date | null };

const COLUMNS = sql`id, connection_id AS "connectionId", total, confirmed, failed, unknown, pending, cancelled,
  started_at AS "startedAt", finished_at AS "finishedAt", cancel_requested_at IS NOT NULL AS "cancelRequested", ended, scope`;

const iso = (v: string | Date) => new Date(v).toISOString();
const viewOf = (r: Row): RunView => ({
  ...r,
  startedAt: iso(r.startedAt),
  finishedAt: r.finishedAt === null ? null : iso(r.finishedAt),
});

export type Run = {
  id: string;
  /** True once a cancel was asked for (here, or seen on the row after an outcome). */
  readonly cancelled: boolean;
  /** Counts one document's outcome on the row (and reads a cancel from another instance). */
  record: (state: ConfirmationState) => Promise<void>;
  /** Ends the run with its final counts (`cancelled`: never claimed because of a cancel), or as counted so far. */
  finish: (totals?: RunCounts & { cancelled: number }) => Promise<void>;
};

/**
 * Records a new run of `total` documents by `userId` on `connectionId`, run by this instance, started by the page of
 * `scope` (null: another caller). 429 `too_many_runs` when the user has MAX_RUNNING_PER_USER running already.
 */
export async function startRun(
  db: Db,
  p: Principal,
  run: { connectionId: string; total: number; scope: string | null },
): Promise<Run> {
  const { connectionId, total, scope } = run;
  const id = randomUUID();
  await db.execute(
    sql`DELETE FROM delivery_confirmation_runs WHERE user_id = ${p.userId} AND finished_at < now() - make_interval(days => ${KEPT_DAYS})`,
  );
  const inserted = rowsOf(
    await db.execute(sql`
      INSERT INTO delivery_confirmation_runs (id, user_id, connection_id, instance_id, total, scope)
      SELECT ${id}, ${p.userId}, ${connectionId}, ${instanceId()}, ${total}, ${scope}
      WHERE (SELECT count(*) FROM delivery_confirmation_runs WHERE user_id = ${p.userId} AND finished_at IS NULL) < ${MAX_RUNNING_PER_USER}
      RETURNING id`),
  );
  if (inserted.length === 0)
    throw new AppError(429, "too_many_runs", "delivery.run.tooMany", { vars: { n: MAX_RUNNING_PER_USER } });
  const flag = { cancelled: false };
  local.set(id, flag);
  return {
    id,
    get cancelled() {
      return flag.cancelled;
    },
    record: async (state) => {
      // The progress is for display: a failure to count must not stop the confirmations.
      try {
        const [row] = rowsOf<{ cancel: boolean }>(
          await db.execute(sql`
            UPDATE delivery_confirmation_runs SET ${sql.raw(state)} = ${sql.raw(state)} + 1 WHERE id = ${id}
            RETURNING cancel_requested_at IS NOT NULL AS cancel`),
        );
        if (row?.cancel) flag.cancelled = true;
      } catch (err) {
        log().warn({ err, run: id }, "confirmation run: progress not recorded");
      }
    },
    finish: async (totals) => {
      local.delete(id);
      // Written even when the liveness check ended the run meanwhile (this instance was taken for
      // dead): the run did finish, and these are its counts.
      const counts = totals
        ? sql`confirmed = ${totals.confirmed}, failed = ${totals.failed}, unknown = ${totals.unknown}, pending = ${totals.pending}, cancelled = ${totals.cancelled},`
        : sql``;
      await db.execute(sql`
        UPDATE delivery_confirmation_runs SET ${counts} finished_at = now(), ended = ${totals?.cancelled ? "cancelled" : "done"}
        WHERE id = ${id}`);
    },
  };
}

/** The user's running runs and those that ended in the last LISTED_AFTER_END_S, oldest first; of `scope` when given. */
export async function listRuns(db: Db, p: Principal, scope?: string): Promise<RunView[]> {
  const rows = await recentRuns<Row>(db, "delivery_confirmation_runs", COLUMNS, p, {
    listedAfterEndS: LISTED_AFTER_END_S,
    limit: LIST_LIMIT,
    scope,
  });
  return rows.map(viewOf);
}

/**
 * Asks the user's run `id` to stop: documents it has not claimed stay open, those in flight
 * finish. A run that has ended is answered as it stands. 404 for any run not the user's.
 */
export async function cancelRun(db: Db, p: Principal, id: string): Promise<RunView> {
  const row = await requestCancel<Row>(db, "delivery_confirmation_runs", COLUMNS, p, id);
  if (!row) throw notFound("delivery.run.notFound");
  const flag = local.get(id);
  if (flag && row.finishedAt === null) flag.cancelled = true;
  return viewOf(row);
}
