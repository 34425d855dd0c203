import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

/**
 * The hand-offs' outcomes in a team merge (lib/teams/merge.ts). They are append-only (migration
 * 0040_handoff_outcomes.sql): no row may be pointed at another unit, tenancy or connection. So each outcome of a
 * going unit or a twin connection is written once more as it happened (same moment, channel, state, hash, message
 * id, reason, person), naming the kept unit, tenancy, connection and hand-off, and the proof of a month
 * (lib/views/proof/history.ts) finds it there. The original stays; its unit and tenancy are cleared when the going
 * unit is deleted (as the table allows), and a twin's connection row stays deleted, so it is listed nowhere twice.
 * Runs after the dependents were pointed at the kept side and before the going units are deleted.
 */
export async function copyOutcomes(tx: Db): Promise<void> {
  await tx.execute(sql`
    INSERT INTO handoff_outcomes (id, handoff_id, connection_id, documentid, unit_id, tenancy_id, channel, state,
      attempt, sha256, message_id, reason, by_user, at)
    SELECT gen_random_uuid(),
      COALESCE(o.handoff_id, (SELECT h.id FROM handoffs h WHERE h.connection_id = n.connection_id AND h.documentid = o.documentid
          AND h.tenancy_id = n.tenancy_id LIMIT 1)),
      n.connection_id, o.documentid, n.unit_id, n.tenancy_id, o.channel, o.state, o.attempt, o.sha256, o.message_id,
      o.reason, o.by_user, o.at
    FROM handoff_outcomes o
    LEFT JOIN merge_connections c ON c.f = o.connection_id
    LEFT JOIN merge_units u ON u.f = o.unit_id
    LEFT JOIN merge_tenancies t ON t.f = o.tenancy_id
    CROSS JOIN LATERAL (SELECT COALESCE(c.i, o.connection_id) AS connection_id, COALESCE(u.i, o.unit_id) AS unit_id,
      CASE WHEN u.f IS NULL THEN o.tenancy_id ELSE t.i END AS tenancy_id) n
    WHERE c.f IS NOT NULL OR u.f IS NOT NULL
    ORDER BY o.at, o.id`);
}
