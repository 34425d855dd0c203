import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { reportChangesWith } from "@/lib/register/reporter";
import { readUnitStates } from "./state";
import { wakeReports } from "./wake";

/**
 * A change of units' tenancies becomes reports (docs/architecture.md, "On-site-roles reports"): for
 * each unit with a billing-unit and a usage-unit number, and each of its user's connections with an
 * `onSiteRolesUrl` that has documents of that unit, the unit's whole state is hashed and its report
 * row set `pending` when the hash differs from the one it holds (an unsent report is superseded, a
 * sent one followed by the new state). The same state again reports nothing. Runs in the change's
 * own transaction, so a committed change is never without its report.
 */

/** Units per statement. */
const BATCH = 500;

type Pair = { unit_id: string; connection_id: string };

/**
 * Why a report was queued, as support's timeline says it (migration 0033); `since`, `documents` and
 * `recomputed` (issue #50): the day a tenancy without a move-in is reported from changed with the
 * register's "Bestand seit", with older documents of the unit, or since the state was last sent
 * (found at the sender's start, e.g. after an update).
 */
export type QueueReason = "change" | "connection" | "sync" | "credentials" | "since" | "documents" | "recomputed";
/**
 * `connectionId`: that connection only; `force`: whatever it was sent before (a new address); `onlyNew`:
 * only units never reported to it (a sync that linked them).
 */
export type QueueOptions = { connectionId?: string; force?: boolean; onlyNew?: boolean; reason?: QueueReason };

async function reportingPairs(db: Db, p: Principal, unitIds: string[], only: QueueOptions): Promise<Pair[]> {
  const { connectionId, onlyNew } = only;
  return rowsOf<Pair>(
    await db.execute(sql`
      SELECT u.id AS unit_id, c.id AS connection_id
      FROM units u JOIN connections c ON c.team_id = u.team_id AND c.deleted_at IS NULL AND c.on_site_roles_url IS NOT NULL
      WHERE u.team_id = ${p.teamId}::uuid AND u.id IN (${sql.join(
        unitIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        AND u.billingunit IS NOT NULL AND u.mscnumber IS NOT NULL
        AND ${connectionId ? sql`c.id = ${connectionId}::uuid` : sql`true`}
        AND ${onlyNew ? sql`NOT EXISTS (SELECT 1 FROM osr_reports r WHERE r.unit_id = u.id AND r.connection_id = c.id)` : sql`true`}
        AND EXISTS (SELECT 1 FROM delivery_documents d WHERE d.connection_id = c.id AND d.unit_msc = u.mscnumber)`),
  );
}

/** Whether the user has a connection that reports at all: most have none, and then nothing is read. */
async function reports(db: Db, p: Principal): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`SELECT 1 FROM connections WHERE team_id = ${p.teamId}::uuid AND deleted_at IS NULL
      AND on_site_roles_url IS NOT NULL LIMIT 1`),
  );
  return rows.length > 0;
}

async function enqueueBatch(db: Db, p: Principal, unitIds: string[], only: QueueOptions) {
  const pairs = await reportingPairs(db, p, unitIds, only);
  if (pairs.length === 0) return 0;
  const states = await readUnitStates(db, [...new Set(pairs.map((p) => p.unit_id))]);
  const rows = pairs.flatMap((p) => {
    const state = states.get(p.unit_id);
    return state ? [{ unit_id: p.unit_id, connection_id: p.connection_id, hash: state.hash }] : [];
  });
  // The row and its `queued` event in one statement (migration 0033).
  const queued = await db.execute(sql`
    WITH queued AS (
      INSERT INTO osr_reports AS r (unit_id, connection_id, hash, state, attempts, next_attempt_at)
      SELECT x.unit_id, x.connection_id, x.hash, 'pending', 0, now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(unit_id uuid, connection_id uuid, hash text)
      ON CONFLICT (unit_id, connection_id) DO UPDATE SET hash = excluded.hash, state = 'pending', attempts = 0,
        next_attempt_at = now(), http_status = NULL, messages = NULL, updated_at = now()
      WHERE r.hash <> excluded.hash ${only.force ? sql`OR true` : sql``}
      RETURNING r.unit_id, r.connection_id
    ), logged AS (
      INSERT INTO osr_report_events (unit_id, connection_id, kind, reason)
      SELECT unit_id, connection_id, 'queued', ${only.reason ?? "change"} FROM queued
    )
    SELECT unit_id FROM queued`);
  return rowsOf(queued).length;
}

/** Queues the reports of these units of `userId` whose state changed (see QueueOptions). How many were queued. */
export async function enqueueReports(
  db: Db,
  p: Principal,
  unitIds: string[],
  only: QueueOptions = {},
): Promise<number> {
  if (unitIds.length === 0 || !(await reports(db, p))) return 0;
  let queued = 0;
  for (let i = 0; i < unitIds.length; i += BATCH)
    queued += await enqueueBatch(db, p, unitIds.slice(i, i + BATCH), only);
  return queued;
}

/** Every unit of the user for one connection (its on-site-roles address was set or changed). */
export async function enqueueConnection(db: Db, p: Principal, connectionId: string): Promise<number> {
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id FROM units WHERE team_id = ${p.teamId}::uuid AND billingunit IS NOT NULL
      AND mscnumber IS NOT NULL ORDER BY id`),
  ).map((r) => r.id);
  return enqueueReports(db, p, ids, { connectionId, force: true, reason: "connection" });
}

/** The register's changes queue their reports here (lib/register/reporter.ts); lib/startup.ts calls it first thing. */
export function reportRegisterChanges(): void {
  reportChangesWith({
    queue: (tx, p, unitIds, reason) => enqueueReports(tx, p, unitIds, { reason }),
    wake: wakeReports,
  });
}
