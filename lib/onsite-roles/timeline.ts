import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql, type SQL } from "drizzle-orm";
import { isSupportRole } from "@/lib/auth/roles";
import type { Db } from "@/lib/db/client";
import { containing, rowsOf } from "@/lib/db/rows";
import type { ReportEventKind, ReportMessage, ReportState } from "@/lib/db/schema/osr-reports";
import { notFound } from "@/lib/errors";
import type { ReportsSearch } from "@/lib/onsite-roles/list";
import { MAX_ATTEMPTS } from "./store";

/**
 * Support's view of the on-site-roles reports (docs/api.md, "On-site-roles reports"): the reported
 * units of every register, and one unit's reports to each connection as a timeline (migration 0033).
 * Units, connections, states, statuses and the provider's codes and texts only (the texts as stored:
 * without the residents' values, gone after an erasure; messages.ts): never a resident.
 * A manager may read the timeline of a unit of their own register; another unit answers 404.
 */

export type ReportedUnit = {
  id: string;
  mscnumber: string | null;
  pmnumber: string | null;
  billingunit: string | null;
  property: string | null;
  label: string | null;
  owner: string;
};
export type ConnectionReport = {
  connectionId: string;
  connectionName: string;
  deleted: boolean;
  state: ReportState | null;
  at: string | null;
  attempts: number;
  maxAttempts: number;
  status: number | null;
  transactionid: string | null;
  messages: ReportMessage[];
};
export type ReportEvent = {
  at: string;
  kind: ReportEventKind;
  reason: string | null;
  attempt: number | null;
  status: number | null;
  transactionid: string | null;
  messages: ReportMessage[];
  nextAttemptAt: string | null;
};

const UNIT_COLUMNS = sql`u.id, u.mscnumber, u.pmnumber, u.billingunit, u.property, u.label, o.name AS owner`;
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function reportCondition(search: ReportsSearch): SQL {
  const state =
    search.state === "open" ? sql`r.state <> 'accepted'` : search.state ? sql`r.state = ${search.state}` : sql`true`;
  const connection = search.connection ? sql`r.connection_id = ${search.connection}::uuid` : sql`true`;
  const term = search.q ? containing(search.q) : null;
  const q = term
    ? sql`(u.mscnumber ILIKE ${term} OR u.pmnumber ILIKE ${term} OR u.billingunit ILIKE ${term})`
    : sql`true`;
  return sql`EXISTS (SELECT 1 FROM osr_reports r WHERE r.unit_id = u.id AND ${state} AND ${connection}) AND ${q}`;
}

type ReportRow = {
  unit_id: string;
  connection_id: string;
  name: string;
  deleted: boolean;
  state: ReportState;
  at: string;
  attempts: number;
  http_status: number | null;
  transactionid: string | null;
  messages: ReportMessage[] | null;
};

async function reportsOf(db: Db, unitIds: string[]): Promise<ReportRow[]> {
  if (unitIds.length === 0) return [];
  return rowsOf<ReportRow>(
    await db.execute(sql`SELECT r.unit_id, r.connection_id, c.name, c.deleted_at IS NOT NULL AS deleted, r.state,
        r.updated_at AS at, r.attempts, r.http_status, r.transactionid, r.messages
      FROM osr_reports r JOIN connections c ON c.id = r.connection_id
      WHERE r.unit_id IN (${sql.join(
        unitIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) ORDER BY c.name, c.id`),
  );
}

const toReport = (r: ReportRow): ConnectionReport => ({
  connectionId: r.connection_id,
  connectionName: r.name,
  deleted: r.deleted,
  state: r.state,
  at: iso(r.at),
  attempts: r.attempts,
  maxAttempts: MAX_ATTEMPTS,
  status: r.http_status,
  transactionid: r.transactionid,
  messages: r.messages ?? [],
});

const dropped = (connectionId: string, name: string, deleted: boolean): ConnectionReport => ({
  connectionId,
  connectionName: name,
  deleted,
  state: null,
  at: null,
  attempts: 0,
  maxAttempts: MAX_ATTEMPTS,
  status: null,
  transactionid: null,
  messages: [],
});

/** `GET /api/delivery/reports`: the reported units of every register, each with its reports. */
export async function listReportedUnits(db: Db, search: ReportsSearch) {
  const where = reportCondition(search);
  const [units, [total]] = await Promise.all([
    db
      .execute(
        sql`SELECT ${UNIT_COLUMNS} FROM units u JOIN teams o ON o.id = u.team_id WHERE ${where}
        ORDER BY u.property NULLS LAST, u.mscnumber NULLS LAST, u.id LIMIT ${search.limit} OFFSET ${search.offset}`,
      )
      .then((r) => rowsOf<ReportedUnit>(r)),
    db.execute(sql`SELECT count(*)::int AS n FROM units u WHERE ${where}`).then((r) => rowsOf<{ n: number }>(r)),
  ]);
  const reports = await reportsOf(
    db,
    units.map((u) => u.id),
  );
  return {
    count: total?.n ?? 0,
    units: units.map((u) => ({ ...u, reports: reports.filter((r) => r.unit_id === u.id).map(toReport) })),
  };
}

/** `GET /api/delivery/units/{unitId}/reports`: one unit's reports, each connection's steps oldest first. */
export async function unitReportTimeline(db: Db, principal: Principal, unitId: string) {
  const own = isSupportRole(principal.role) ? sql`true` : sql`u.team_id = ${principal.teamId}::uuid`;
  const [unit] = rowsOf<ReportedUnit>(
    await db.execute(sql`SELECT ${UNIT_COLUMNS} FROM units u JOIN teams o ON o.id = u.team_id
      WHERE u.id = ${unitId}::uuid AND ${own}`),
  );
  if (!unit) throw notFound("reportsApi.notFound");
  const [reports, events] = await Promise.all([
    reportsOf(db, [unit.id]),
    db
      .execute(
        sql`SELECT e.connection_id, c.name, c.deleted_at IS NOT NULL AS deleted, e.at, e.kind, e.reason, e.attempt,
          e.http_status, e.transactionid, e.messages, e.next_attempt_at
        FROM osr_report_events e JOIN connections c ON c.id = e.connection_id
        WHERE e.unit_id = ${unit.id}::uuid ORDER BY e.id`,
      )
      .then((r) => rowsOf<Record<string, unknown> & { connection_id: string; name: string; deleted: boolean }>(r)),
  ]);
  const byConnection = new Map<string, ConnectionReport & { events: ReportEvent[] }>();
  for (const r of reports) byConnection.set(r.connection_id, { ...toReport(r), events: [] });
  for (const e of events) {
    // A report dropped since (its connection lost its address) keeps its steps.
    const entry = byConnection.get(e.connection_id) ?? { ...dropped(e.connection_id, e.name, e.deleted), events: [] };
    entry.events.push({
      at: iso(e.at as string)!,
      kind: e.kind as ReportEventKind,
      reason: (e.reason as string | null) ?? null,
      attempt: (e.attempt as number | null) ?? null,
      status: (e.http_status as number | null) ?? null,
      transactionid: (e.transactionid as string | null) ?? null,
      messages: (e.messages as ReportMessage[] | null) ?? [],
      nextAttemptAt: iso((e.next_attempt_at as string | null) ?? null),
    });
    byConnection.set(e.connection_id, entry);
  }
  return { unit, connections: [...byConnection.values()] };
}
