import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";

/**
 * A user's runs of a kind (`table`: bulk confirmations, lib/delivery/confirm/runs.ts, or hand-offs,
 * lib/residents/handoffs/runs.ts) that run
 * or ended in the last `listedAfterEndS`, oldest first: at most `limit`, the running ones first.
 */
export async function recentRuns<R>(
  db: Db,
  table: "delivery_confirmation_runs" | "handoff_runs",
  columns: SQL,
  userId: string,
  { listedAfterEndS, limit }: { listedAfterEndS: number; limit: number },
): Promise<R[]> {
  const rows = rowsOf<R>(
    await db.execute(sql`
      SELECT ${columns} FROM ${sql.raw(table)}
      WHERE user_id = ${userId} AND (finished_at IS NULL OR finished_at > now() - make_interval(secs => ${listedAfterEndS}))
      ORDER BY finished_at IS NULL DESC, started_at DESC LIMIT ${limit}`),
  );
  return rows.reverse();
}
