import "server-only";
import { ownerPrincipal } from "@/lib/auth/system-principal";
import type { Role } from "@/lib/db/schema/users";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { log } from "@/lib/log";
import { registerChange } from "@/lib/register/tenancies/lock";
import { enqueueReports } from "./enqueue";

/**
 * Once when the report sender starts (./loop.ts): the reported units whose state, built as this
 * version builds it, differs from the state their reports hold are queued again (reason
 * `recomputed`). A state sent by an older version (a tenancy without a move-in sent from the day the
 * register learnt it, before issue #50) is thereby corrected at the provider without an edit. The
 * hash decides, so a unit whose state is the same reports nothing. Only units with a tenancy without
 * a move-in are looked at: the others' states do not depend on anything but their own rows. One owner
 * at a time, under the register's lock, a bounded batch per statement.
 */

const BATCH = 500;

export async function requeueRecomputed(db: Db): Promise<number> {
  // Each register's team, acting as its longest-standing member (a team without members has nobody to act for).
  const owners = rowsOf<{ team_id: string; user_id: string; role: Role }>(
    await db.execute(sql`SELECT o.team_id, o.id AS user_id, o.role FROM (SELECT DISTINCT u.team_id FROM osr_reports r
        JOIN units u ON u.id = r.unit_id
        WHERE EXISTS (SELECT 1 FROM tenancies t WHERE t.unit_id = u.id AND t.move_in IS NULL)) x
      JOIN LATERAL (SELECT id, role, team_id FROM users WHERE team_id = x.team_id ORDER BY created_at, id LIMIT 1) o ON true`),
  );
  let queued = 0;
  for (const { team_id: teamId, user_id: userId, role } of owners) {
    // A startup job acting for each register's team.
    const p = ownerPrincipal({ id: userId, role, teamId, email: "" });
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const ids = rowsOf<{ id: string }>(
        await db.execute(sql`SELECT u.id FROM units u WHERE u.team_id = ${teamId}::uuid AND u.id > ${after}::uuid
          AND EXISTS (SELECT 1 FROM osr_reports r WHERE r.unit_id = u.id)
          AND EXISTS (SELECT 1 FROM tenancies t WHERE t.unit_id = u.id AND t.move_in IS NULL)
          ORDER BY u.id LIMIT ${BATCH}`),
      ).map((r) => r.id);
      if (ids.length === 0) break;
      queued += await registerChange(db, p, (tx) => enqueueReports(tx, p, ids, { reason: "recomputed" }));
      after = ids.at(-1)!;
      if (ids.length < BATCH) break;
    }
  }
  if (queued > 0) log().info({ queued }, "on-site-roles reports queued again: their reported state changed");
  return queued;
}
