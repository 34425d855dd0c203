import "server-only";
import { sql } from "drizzle-orm";
import { recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { dbNow, onClockMoved } from "@/lib/process/clock";
import { notHeld } from "./hold";
import { eraseExpired } from "./tenancies/erase";

/**
 * The retention's sweep (docs/api.md, "Retention"; README, "Personal data"): at the start, once a day and whenever a
 * test moves the clock. It erases former residents' data RESIDENT_RETENTION_MONTHS after their move-out
 * (./tenancies/erase.ts) and deletes hand-off records and their outcomes (the proof of a month) older than
 * PROOF_RETENTION_YEARS by their `at` (§147 AO keeps what backs a bill ten years). Neither touches a unit on a legal
 * hold (./hold.ts). The records name no resident (the proof reads names from the tenancies, which the first sweep
 * erases), so deleting them needs no rewrite of the tables' files.
 */

/** Deletes the hand-off records and outcomes past PROOF_RETENTION_YEARS, except those of units on hold; how many. */
export async function expireProofs(db: Db): Promise<{ handoffs: number; outcomes: number }> {
  const years = env().proofRetentionYears;
  const before = sql`(${dbNow()} - make_interval(years => ${years}::integer))`;
  const counted = (rows: unknown) => Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
  const gone = await db.transaction(async (tx) => {
    // The outcomes first: the append-only trigger (migration 0040) lets a deleted hand-off clear a newer one's link.
    const outcomes = counted(
      await tx.execute(sql`WITH gone AS (DELETE FROM handoff_outcomes WHERE at < ${before}
        AND ${notHeld(sql`handoff_outcomes.unit_id`)} RETURNING 1) SELECT count(*)::int AS n FROM gone`),
    );
    const handoffs = counted(
      await tx.execute(sql`WITH gone AS (DELETE FROM handoffs WHERE at < ${before}
        AND ${notHeld(sql`handoffs.unit_id`)} RETURNING 1) SELECT count(*)::int AS n FROM gone`),
    );
    if (handoffs + outcomes > 0)
      await recordEvent(tx, {
        kind: "handoff.retention",
        actor: "system",
        detail: { reason: "retention", years, handoffs, outcomes },
      });
    return { handoffs, outcomes };
  });
  if (gone.handoffs + gone.outcomes > 0) log().info({ ...gone, years }, "hand-off records deleted after the retention");
  return gone;
}

/** Once a day (and at the start): the retention's sweep, in the background, never failing the server. */
export function startRetention(db: Db): void {
  const sweep = () =>
    void eraseExpired(db)
      .then(() => expireProofs(db))
      .catch((err: unknown) => log().warn({ err }, "retention sweep failed"));
  sweep();
  setInterval(sweep, 24 * 60 * 60_000).unref();
  // Days a test moved the clock on (lib/process/clock.ts) have passed for the retention too.
  onClockMoved(sweep);
}
