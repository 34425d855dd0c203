import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql, type SQL } from "drizzle-orm";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { forgetTexts, MESSAGE_TABLES } from "@/lib/db/report-texts";
import { scrubTables } from "@/lib/db/scrub";
import { env } from "@/lib/env";
import { notFound } from "@/lib/errors";
import { log } from "@/lib/log";
import { notHeld, refuseHeld } from "@/lib/register/hold";
import { today } from "@/lib/today";

/**
 * A resident's personal data erased (docs/api.md, "The unit register"): on request by an admin, and
 * for former residents RESIDENT_RETENTION_MONTHS after their move-out. The tenancy's dates and the
 * delivery records (hashes, channel, state, times) stay; the tenancy reads as erased, its portal
 * links end (migration 0028's trigger), the replies read back from their e-mails are deleted (lib/handoffs/replies). The texts of the provider's messages on the unit's
 * on-site-roles reports and their steps go in the same statement (their codes, states, statuses and
 * times stay: lib/db/report-texts.ts). The tables are rewritten afterwards so the old
 * values leave the database's files too (lib/db/scrub.ts). A unit on a legal hold (lib/register/hold.ts) is
 * touched by neither: the sweep passes it by, the request is refused with 409 `unit_on_hold`.
 */

const ERASED = sql`resident_name = NULL, salutation = NULL, first_name = NULL, last_name = NULL, company = NULL,
  resident_email = NULL, channel = NULL, postal_address = NULL, digital_consent_how = NULL, digital_consent_at = NULL,
  consent_channel = NULL, consent_how = NULL, consent_reference = NULL, consent_objected_at = NULL,
  erased_at = now(), updated_at = now()`;

/**
 * Erases the tenancies `where` selects and the texts of their units' report messages (codes stay) in
 * one statement: the erased tenancies, and which tables to rewrite.
 */
async function erase(db: Db, where: SQL) {
  const rows = rowsOf<{ id: string; unit_id: string; forgotten: number; replies: number }>(
    await db.execute(sql`WITH erased AS (UPDATE tenancies SET ${ERASED} WHERE ${where} RETURNING id, unit_id),
      codes AS (DELETE FROM consent_codes WHERE tenancy_id IN (SELECT id FROM erased)),
      ${forgetTexts(sql`SELECT unit_id FROM erased`)},
      replies_gone AS (DELETE FROM handoff_replies WHERE tenancy_id IN (SELECT id FROM erased) RETURNING 1)
      SELECT id, unit_id, (SELECT count(*) FROM texts_forgotten)::int AS forgotten,
        (SELECT count(*) FROM replies_gone)::int AS replies FROM erased`),
  );
  const tables = [
    "tenancies",
    "consent_codes",
    ...(rows.some((r) => Number(r.forgotten) > 0) ? MESSAGE_TABLES : []),
    ...(rows.some((r) => Number(r.replies) > 0) ? ["handoff_replies"] : []),
  ];
  return { erased: rows, tables };
}

/**
 * An admin erases a resident of any user's register: the tenancy named, else every tenancy of the
 * unit that still holds a person's data. Returns the unit's id and owner for the answer.
 */
export async function eraseResident(db: Db, admin: Principal, unitId: string, tenancyId?: string) {
  const [unit] = rowsOf<{ id: string; team_id: string; hold_at: unknown }>(
    await db.execute(sql`SELECT id, team_id, hold_at FROM units WHERE id = ${unitId}::uuid`),
  );
  if (!unit) throw notFound("unitsApi.notFound");
  refuseHeld(unit);
  const { erased, tables } = await erase(
    db,
    sql`unit_id = ${unitId}::uuid AND erased_at IS NULL AND NOT vacancy AND ${notHeld(sql`tenancies.unit_id`)}
      ${tenancyId ? sql`AND id = ${tenancyId}::uuid` : sql``}`,
  );
  // A hold set since the unit was read: nothing was erased.
  if (erased.length === 0) refuseHeld(await heldNow(db, unitId));
  if (tenancyId && erased.length === 0) throw notFound("unitsApi.notFound");
  await recordEvent(db, {
    kind: "resident.erase",
    actor: principalActor(admin),
    detail: { unit: unit.id, team: unit.team_id, tenancies: erased.map((t) => t.id) },
  });
  await scrubTables(tables);
  return { unitId: unit.id, tenancies: erased.length };
}

async function heldNow(db: Db, unitId: string) {
  const [unit] = rowsOf<{ hold_at: unknown }>(
    await db.execute(sql`SELECT hold_at FROM units WHERE id = ${unitId}::uuid`),
  );
  return { hold_at: unit?.hold_at ?? null };
}

/** Former residents, their data still held, who moved out more than RESIDENT_RETENTION_MONTHS before `day`. */
const expired = (day: string, months: number) =>
  sql`erased_at IS NULL AND NOT vacancy AND move_out < (${day}::date - make_interval(months => ${months}::integer))::date`;

/**
 * Former residents whose move-out lies more than RESIDENT_RETENTION_MONTHS back: their data erased; how many. Those
 * of a unit on hold stay as they are: counted in the log, never named.
 */
export async function eraseExpired(db: Db, day = today()): Promise<number> {
  const months = env().residentRetentionMonths;
  const [kept] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM tenancies t JOIN units u ON u.id = t.unit_id
      WHERE u.hold_at IS NOT NULL AND ${expired(day, months)}`),
  );
  const held = Number(kept?.n ?? 0);
  if (held > 0)
    log().info({ tenancies: held, months }, "former residents kept past the retention: their unit is on hold");
  const { erased, tables } = await erase(db, sql`${expired(day, months)} AND ${notHeld(sql`tenancies.unit_id`)}`);
  if (erased.length === 0) return 0;
  await recordEvent(db, {
    kind: "resident.erase",
    actor: "system",
    detail: { reason: "retention", months, tenancies: erased.length, held },
  });
  await scrubTables(tables);
  log().info({ tenancies: erased.length, months }, "former residents' data erased after the retention period");
  return erased.length;
}
