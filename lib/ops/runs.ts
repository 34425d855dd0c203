import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";

type RunTable = "delivery_confirmation_runs" | "handoff_runs";

/**
 * A user's runs of a kind (`table`: bulk confirmations, lib/delivery/confirm/runs.ts, or hand-offs,
 * lib/residents/handoffs/runs.ts) that run
 * or ended in the last `listedAfterEndS`, oldest first: at most `limit`, the running ones first; of `scope` only when
 * one is given (lib/ops/run-scope.ts: a page lists its own runs).
 */
export async function recentRuns<R>(
  db: Db,
  table: RunTable,
  columns: SQL,
  p: Principal,
  { listedAfterEndS, limit, scope }: { listedAfterEndS: number; limit: number; scope: string | undefined },
): Promise<R[]> {
  const ofScope = scope === undefined ? sql`` : sql`AND scope = ${scope}`;
  const rows = rowsOf<R>(
    await db.execute(sql`
      SELECT ${columns} FROM ${sql.raw(table)}
      WHERE user_id = ${p.userId} AND (finished_at IS NULL OR finished_at > now() - make_interval(secs => ${listedAfterEndS})) ${ofScope}
      ORDER BY finished_at IS NULL DESC, started_at DESC LIMIT ${limit}`),
  );
  return rows.reverse();
}

/**
 * Asks the user's run `id` of `table` to stop: `cancel_requested_at` is set once, while it runs; an ended run is left
 * as it stands. The row as it is now, or undefined when the user has no such run. The run reads the request back
 * with its next outcome (another instance's) or from its module's flags (this one's).
 */
export async function requestCancel<R>(
  db: Db,
  table: RunTable,
  columns: SQL,
  p: Principal,
  id: string,
): Promise<R | undefined> {
  const [row] = rowsOf<R>(
    await db.execute(sql`
      UPDATE ${sql.raw(table)}
      SET cancel_requested_at = CASE WHEN finished_at IS NULL THEN COALESCE(cancel_requested_at, now()) ELSE cancel_requested_at END
      WHERE id = ${id} AND user_id = ${p.userId}
      RETURNING ${columns}`),
  );
  return row;
}
