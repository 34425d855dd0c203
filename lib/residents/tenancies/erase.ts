import "server-only";
import { sql } from "drizzle-orm";
import { actorOf, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { scrubTables } from "@/lib/db/scrub";
import { env } from "@/lib/env";
import { notFound } from "@/lib/errors";
import { log } from "@/lib/log";
import { today } from "./store";

/**
 * A resident's personal data erased (docs/api.md, "The unit register"): on request by an admin, and
 * for former residents RESIDENT_RETENTION_MONTHS after their move-out. The tenancy's dates and the
 * delivery records (hashes, channel, state, times) stay; the tenancy reads as erased, its portal
 * links end (migration 0028's trigger). The table is rewritten afterwards so the old values leave
 * the database's files too (lib/db/scrub.ts).
 */

type Person = { id: string; email: string };

const ERASED = sql`resident_name = NULL, salutation = NULL, first_name = NULL, last_name = NULL, company = NULL,
  resident_email = NULL, channel = NULL, postal_address = NULL, digital_consent_how = NULL, erased_at = now(), updated_at = now()`;

/**
 * An admin erases a resident of any user's register: the tenancy named, else every tenancy of the
 * unit that still holds a person's data. Returns the unit's id and owner for the answer.
 */
export async function eraseResident(db: Db, admin: Person, unitId: string, tenancyId?: string) {
  const [unit] = rowsOf<{ id: string; user_id: string }>(
    await db.execute(sql`SELECT id, user_id FROM units WHERE id = ${unitId}::uuid`),
  );
  if (!unit) throw notFound("unitsApi.notFound");
  const erased = rowsOf<{ id: string }>(
    await db.execute(sql`UPDATE tenancies SET ${ERASED} WHERE unit_id = ${unitId}::uuid AND erased_at IS NULL AND NOT vacancy
      ${tenancyId ? sql`AND id = ${tenancyId}::uuid` : sql``} RETURNING id`),
  );
  if (tenancyId && erased.length === 0) throw notFound("unitsApi.notFound");
  await recordEvent(db, {
    kind: "resident.erase",
    actor: actorOf(admin),
    detail: { unit: unit.id, owner: unit.user_id, tenancies: erased.map((t) => t.id) },
  });
  await scrubTables(["tenancies"]);
  return { unitId: unit.id, tenancies: erased.length };
}

/** Former residents whose move-out lies more than RESIDENT_RETENTION_MONTHS back: their data erased; how many. */
export async function eraseExpired(db: Db, day = today()): Promise<number> {
  const months = env().residentRetentionMonths;
  const erased = rowsOf<{ id: string; unit_id: string }>(
    await db.execute(sql`UPDATE tenancies SET ${ERASED}
      WHERE erased_at IS NULL AND NOT vacancy AND move_out < (${day}::date - make_interval(months => ${months}::integer))::date
      RETURNING id, unit_id`),
  );
  if (erased.length === 0) return 0;
  await recordEvent(db, {
    kind: "resident.erase",
    actor: "system",
    detail: { reason: "retention", months, tenancies: erased.length },
  });
  await scrubTables(["tenancies"]);
  log().info({ tenancies: erased.length, months }, "former residents' data erased after the retention period");
  return erased.length;
}

/** Once a day (and at the start): the retention's sweep, in the background, never failing the server. */
export function startRetention(db: Db): void {
  const sweep = () => void eraseExpired(db).catch((err: unknown) => log().warn({ err }, "retention sweep failed"));
  sweep();
  setInterval(sweep, 24 * 60 * 60_000).unref();
}
