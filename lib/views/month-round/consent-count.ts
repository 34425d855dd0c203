import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";

/**
 * The residents of each property who live there on `day` and have given no consent to e-mail or the portal
 * (lib/register/tenancies/consent.ts): the letter is their channel in force, and every letter carries the link to
 * agree. The month page counts them per property (`withoutConsent`); names are not read.
 */
export async function withoutConsentOf(db: Db, p: Principal, day: string, properties: string[]) {
  const rows = rowsOf<{ property: string; n: number }>(
    await db.execute(sql`SELECT u.property, count(*)::int AS n FROM units u
      JOIN tenancies t ON t.unit_id = u.id AND t.erased_at IS NULL AND NOT t.vacancy AND t.resident_name IS NOT NULL
        AND t.channel = 'post' AND (t.move_in IS NULL OR t.move_in <= ${day}::date)
        AND (t.move_out IS NULL OR t.move_out >= ${day}::date)
      WHERE u.team_id = ${p.teamId}::uuid AND u.property IN (SELECT jsonb_array_elements_text(${JSON.stringify(properties)}::jsonb))
      GROUP BY u.property`),
  );
  return new Map(rows.map((r) => [r.property, r.n]));
}
