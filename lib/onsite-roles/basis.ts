import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";

/**
 * Where a unit's tenancy without a move-in is reported from (docs/api.md, "On-site-roles reports"):
 * the register's "Bestand seit" when its owner set one, else the start of the oldest document period
 * of the unit among the indexed documents of the owner's live connections (any of them, reporting or
 * not). A unit with neither has no `since` and is not reported until it has one. Read only for the
 * units that have such a tenancy; the others need none.
 */

export type SinceBasis = "register" | "documents";
export type UnitSince = { since: string | null; basis: SinceBasis | null };

/** Units per statement. */
const BATCH = 500;

export async function readSince(db: Db, unitIds: string[]): Promise<Map<string, UnitSince>> {
  const out = new Map<string, UnitSince>();
  for (let i = 0; i < unitIds.length; i += BATCH) {
    const ids = unitIds.slice(i, i + BATCH);
    const rows = rowsOf<{ id: string; register: string | null; documents: string | null }>(
      await db.execute(sql`
        SELECT u.id, s.since::text AS register,
          (SELECT min(d.period_from)::text FROM connections c
            JOIN delivery_documents d ON d.connection_id = c.id AND d.unit_msc = u.mscnumber
            WHERE c.team_id = u.team_id AND c.deleted_at IS NULL) AS documents
        FROM units u LEFT JOIN register_settings s ON s.team_id = u.team_id
        WHERE u.id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          AND EXISTS (SELECT 1 FROM tenancies t WHERE t.unit_id = u.id AND t.move_in IS NULL)`),
    );
    for (const r of rows) {
      const since = r.register ?? r.documents;
      out.set(r.id, { since, basis: r.register ? "register" : r.documents ? "documents" : null });
    }
  }
  return out;
}
