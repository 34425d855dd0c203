import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { MONTH_STATUSES, type MonthStatus } from "@/lib/views/handoff-month/query";
import {
  MAX_ROUND_MONTHS,
  MAX_ROUND_PROPERTIES,
  MAX_ROUND_UNITS,
  type MonthRoundInput,
} from "@/lib/views/month-round/round-query";
import {
  bouncedPairs,
  monthPairs,
  propertyFiles,
  readWithoutJit,
  unregisteredDocuments,
} from "@/lib/views/month-round/round-sql";
import { openReportsByProperty, type OpenReports } from "@/lib/onsite-roles/open";
import { usableBy } from "@/lib/connections/usable";
import { withoutConsentOf } from "./consent-count";
import { actingForSql, peopleOf, scopeOf, type PropertyPeople, type Scope } from "@/lib/responsibility/responsibility";
import { today } from "@/lib/today";

/**
 * The month page (docs/api.md, "The month page"): for the signed-in manager, the months that have documents and,
 * for one of them, one row per property of the register with where its month stands, counted in the database.
 */
export type RoundProperty = {
  property: string;
  /** Units of the register in the property: the documents expected. */
  units: number;
  /** Documents of the month that arrived for its units (by their period's month). */
  documents: number;
  read: number;
  confirmed: number;
  /** Open documents a confirmation takes ("Alle bestätigen"). */
  toConfirm: number;
  /** Confirmed documents not yet handed on that go out by e-mail or the portal ("Alle weitergeben"). */
  toHandOn: number;
  /** Open documents that go out by e-mail or the portal once confirmed ("Bestätigen und weitergeben"). */
  toConfirmAndHandOn: number;
  /** Units and documents by the month view's status (`noDocument`: a unit whose document never arrived). */
  counts: Record<MonthStatus, number>;
  /** DTA files of the whole property (reference `billingunit`): never a unit's document. */
  propertyFiles: number;
  reports: OpenReports;
  /**
   * The month's e-mails that came back undelivered (`counts.bounced`), at most MAX_BOUNCES_NAMED, by unit: each one's
   * letter goes into the next print ("E-Mail unzustellbar: Brief drucken").
   */
  bounced: BouncedUnit[];
  /** Residents living there today without consent to e-mail or the portal: the letter, with the link to agree. */
  withoutConsent: number;
} & PropertyPeople;
/** A bounced e-mail hand-off of the month: its unit, document and the notification's status code (RFC 3463). */
export type BouncedUnit = {
  unitId: string;
  /** The unit's number (its metering number, else the manager's). */
  unit: string;
  label: string | null;
  documentid: string;
  /** "5.1.1" and the like; the page says it in words (lib/handoffs/failure-words.ts `bounceCauseWords`). */
  status: string;
};
/**
 * Documents of the month on one connection whose unit is in no property of the register: the page says so in a line
 * of their own ("ergänzen"), so no document of the month is hidden (issue #50).
 */
export type UnregisteredDocuments = {
  connectionId: string;
  connectionName: string;
  documents: number;
  /** The usage units they name (documents without any unit are counted as documents only). */
  units: number;
  /** Those a confirmation would take. */
  open: number;
};
export type MonthRound = {
  /** The month shown: the asked one, else the latest with documents (null: none has any). */
  month: string | null;
  /** Months with documents, newest first (at most MAX_ROUND_MONTHS). */
  months: string[];
  /** "Meine Liegenschaften" or the whole team's properties: as asked, else mine when the caller acts for any. */
  scope: Scope;
  /** More properties than MAX_ROUND_PROPERTIES (or units than MAX_ROUND_UNITS): the first ones are listed. */
  truncated: boolean;
  properties: RoundProperty[];
  /** The month's documents of units in no property, per connection; read only without `property` (else empty). */
  unregistered: UnregisteredDocuments[];
};

/**
 * The months of the user's documents, newest first: each step one look into the period index per connection
 * (the latest period before the month found last), so the count of documents does not matter.
 */
export async function documentMonths(db: Db, p: Principal): Promise<string[]> {
  const latestBefore = (
    bound: ReturnType<typeof sql>,
  ) => sql`(SELECT date_trunc('month', max(x.p))::date FROM connections c
    CROSS JOIN LATERAL (SELECT max(d.period_from) AS p FROM delivery_documents d WHERE d.connection_id = c.id ${bound}) x
    WHERE ${usableBy(p)} AND c.deleted_at IS NULL)`;
  const rows = rowsOf<{ month: string }>(
    await db.execute(sql`WITH RECURSIVE m(month, n) AS (
      SELECT ${latestBefore(sql`AND d.period_from IS NOT NULL`)}, 1
      UNION ALL
      SELECT ${latestBefore(sql`AND d.period_from < m.month`)}, m.n + 1 FROM m WHERE m.month IS NOT NULL AND m.n < ${MAX_ROUND_MONTHS}
    ) SELECT to_char(month, 'YYYY-MM') AS month FROM m WHERE month IS NOT NULL ORDER BY month DESC`),
  );
  return rows.map((r) => r.month);
}

/**
 * The properties of the answer and their units, in order, at most MAX_ROUND_PROPERTIES + 1; in the scope `mine`, those
 * the caller acts for today (lib/responsibility: responsible, or standing in for an absent member).
 */
async function propertiesOf(db: Db, p: Principal, input: MonthRoundInput, day: string, scope: Scope) {
  const only = input.property;
  return rowsOf<{ property: string; units: number }>(
    await db.execute(sql`SELECT property, count(*)::int AS units FROM units
      WHERE team_id = ${p.teamId}::uuid AND property IS NOT NULL ${only === undefined ? sql`` : sql`AND property = ${only}`}
      ${scope === "mine" ? sql`AND property IN (${actingForSql(p, day)})` : sql``}
      GROUP BY property ORDER BY property LIMIT ${MAX_ROUND_PROPERTIES + 1}`),
  );
}

type Tally = {
  property: string;
  status: MonthStatus;
  n: number;
  documents: number;
  read: number;
  confirmed: number;
  to_confirm: number;
  to_hand_on: number;
  to_both: number;
};

async function tallies(db: Db, p: Principal, month: string, properties: string[]): Promise<Tally[]> {
  return readWithoutJit<Tally>(
    db,
    sql`SELECT p.property, p.status, count(*)::int AS n, count(p.documentid)::int AS documents,
        count(*) FILTER (WHERE p.is_read)::int AS read, count(*) FILTER (WHERE p.confirmed)::int AS confirmed,
        count(*) FILTER (WHERE p.confirmable)::int AS to_confirm,
        count(*) FILTER (WHERE p.confirmed AND p.hands_on)::int AS to_hand_on,
        count(*) FILTER (WHERE p.confirmable AND p.hands_on)::int AS to_both
      FROM (${monthPairs(p, month, properties, MAX_ROUND_UNITS)}) p GROUP BY p.property, p.status`,
  );
}

async function unregisteredOf(db: Db, p: Principal, month: string): Promise<UnregisteredDocuments[]> {
  const rows = await readWithoutJit<{
    connection_id: string;
    name: string;
    documents: number;
    units: number;
    open: number;
  }>(db, unregisteredDocuments(p, month));
  return rows.map((r) => ({
    connectionId: r.connection_id,
    connectionName: r.name,
    documents: r.documents,
    units: r.units,
    open: r.open,
  }));
}

type BouncedRow = {
  property: string;
  unit_id: string;
  unit: string | null;
  label: string | null;
  documentid: string;
  reason: string | null;
};

/** The status code of a bounce's stored reason (`{kind: "bounced", status}`, lib/handoffs/bounces/mark.ts). */
function statusOfReason(reason: string | null): string {
  try {
    const parsed = JSON.parse(reason ?? "null") as { status?: unknown } | null;
    return typeof parsed?.status === "string" ? parsed.status : "";
  } catch {
    return "";
  }
}

/** The bounced e-mails of the properties that have any, by unit (read only then: the month's statement again). */
async function bouncesOf(db: Db, p: Principal, month: string, rows: Map<string, RoundProperty>) {
  const names = [...rows.values()].filter((r) => r.counts.bounced > 0).map((r) => r.property);
  if (names.length === 0) return;
  for (const b of await readWithoutJit<BouncedRow>(db, bouncedPairs(p, month, names, MAX_ROUND_UNITS)))
    rows.get(b.property)?.bounced.push({
      unitId: b.unit_id,
      unit: b.unit ?? "",
      label: b.label,
      documentid: b.documentid,
      status: statusOfReason(b.reason),
    });
}

const zero = () => Object.fromEntries(MONTH_STATUSES.map((s) => [s, 0])) as Record<MonthStatus, number>;

export async function readMonthRound(db: Db, p: Principal, input: MonthRoundInput): Promise<MonthRound> {
  const day = today();
  const scope = await scopeOf(db, p, input.mine, day);
  const [months, listed] = await Promise.all([documentMonths(db, p), propertiesOf(db, p, input, day, scope)]);
  const month = input.month ?? months[0] ?? null;
  const shown = listed.slice(0, MAX_ROUND_PROPERTIES);
  let truncated = listed.length > shown.length;
  if (month === null) return { month, months, scope, truncated, properties: [], unregistered: [] };
  const unregistered = input.property === undefined ? unregisteredOf(db, p, month) : Promise.resolve([]);
  if (shown.length === 0) return { month, months, scope, truncated, properties: [], unregistered: await unregistered };
  const names = shown.map((p) => p.property);
  const [counted, files, reports, outside, people, lettered] = await Promise.all([
    tallies(db, p, month, names),
    db.execute(propertyFiles(p, month, names)),
    openReportsByProperty(db, p),
    unregistered,
    peopleOf(db, p, day, names),
    withoutConsentOf(db, p, day, names),
  ]);
  const fileCounts = new Map(rowsOf<{ property: string; n: number }>(files).map((r) => [r.property, r.n]));
  const rows = new Map<string, RoundProperty>(
    shown.map((p) => [
      p.property,
      {
        property: p.property,
        units: p.units,
        documents: 0,
        read: 0,
        confirmed: 0,
        toConfirm: 0,
        toHandOn: 0,
        toConfirmAndHandOn: 0,
        counts: zero(),
        propertyFiles: fileCounts.get(p.property) ?? 0,
        reports: reports.get(p.property) ?? { open: 0, due: 0, overdue: 0 },
        bounced: [],
        withoutConsent: lettered.get(p.property) ?? 0,
        ...(people.get(p.property) ?? { responsible: null, deputy: null, standIn: null }),
      },
    ]),
  );
  for (const t of counted) {
    const row = rows.get(t.property);
    if (!row) continue;
    row.counts[t.status] += t.n;
    row.documents += t.documents;
    row.read += t.read;
    row.confirmed += t.confirmed;
    row.toConfirm += t.to_confirm;
    row.toHandOn += t.to_hand_on;
    row.toConfirmAndHandOn += t.to_both;
  }
  await bouncesOf(db, p, month, rows);
  const read = [...rows.values()];
  // Units beyond the bound were not read: the properties they belong to are left out rather than shown short.
  if (shown.reduce((n, p) => n + p.units, 0) > MAX_ROUND_UNITS) {
    truncated = true;
    let sum = 0;
    const properties = read.filter((p) => (sum += p.units) <= MAX_ROUND_UNITS);
    return { month, months, scope, truncated, properties, unregistered: outside };
  }
  return { month, months, scope, truncated, properties: read, unregistered: outside };
}
