import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { readHistories } from "@/lib/register/tenancies/store";
import { today } from "@/lib/today";
import { reportDeadline } from "./due";

/**
 * The owner's reports the providers have not accepted, counted per property by unit (docs/api.md,
 * "On-site-roles reports"): `open` all of them, `due` those with a deadline (a move in a month that
 * has ended), `overdue` those past it. The register's list and the month page read these counts.
 */
export type OpenReports = { open: number; due: number; overdue: number };

export async function openReportsByProperty(db: Db, p: Principal, day = today()): Promise<Map<string, OpenReports>> {
  const rows = rowsOf<{ unit_id: string; property: string; state: string }>(
    await db.execute(sql`SELECT r.unit_id, u.property, r.state FROM osr_reports r
      JOIN connections c ON c.id = r.connection_id AND c.deleted_at IS NULL
      JOIN units u ON u.id = r.unit_id
      WHERE u.team_id = ${p.teamId}::uuid AND r.state <> 'accepted'`),
  );
  const histories = await readHistories(db, [...new Set(rows.map((r) => r.unit_id))]);
  // A unit counts once, by its worst report (one per connection): overdue before due before open.
  const worst = new Map<string, { property: string; rank: 0 | 1 | 2 }>();
  for (const r of rows) {
    const deadline = reportDeadline(histories.get(r.unit_id) ?? [], r.state, day);
    const rank = deadline.overdue ? 2 : deadline.dueBy ? 1 : 0;
    if ((worst.get(r.unit_id)?.rank ?? -1) < rank) worst.set(r.unit_id, { property: r.property, rank });
  }
  const byProperty = new Map<string, OpenReports>();
  for (const { property, rank } of worst.values()) {
    const counts = byProperty.get(property) ?? { open: 0, due: 0, overdue: 0 };
    counts.open++;
    if (rank > 0) counts[rank === 2 ? "overdue" : "due"]++;
    byProperty.set(property, counts);
  }
  return byProperty;
}
