import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { DOCUMENT_STATES } from "@/lib/document-states";
import { MAX_MONTH_DOCUMENTS } from "@/lib/views/handoff-month/query";
import { recipientOf } from "@/lib/register/tenancies/recipient";
import { usableBy } from "@/lib/connections/usable";

/**
 * The month page's statements (./round.ts, ./round-documents.ts) in SQL: each unit of the chosen properties with
 * its documents of the month (by their period's first day, as the month view: ./rows.ts), who receives each by the
 * one rule (`handoff_recipient`) and where it stands, the month view's status (../handoff-month/month.ts, `statusOf`) computed in
 * the statement so that the answer is counted by the database, not unit by unit here.
 */

/** Every state named, so that the index (connection_id, state, unit_msc) finds a unit's documents by its number. */
const STATES = sql.raw(`ARRAY[${DOCUMENT_STATES.map((s) => `'${s}'`).join(", ")}]::text[]`);

/** A document whose unit is a billing unit (a DTA file of a whole property): the property's, never a unit's. */
export const isPropertyFile = sql`EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(d.document->'metadata') = 'array'
  THEN d.document->'metadata' ELSE '[]'::jsonb END) m
  WHERE lower(COALESCE(m->>'reftype', '')) = 'billingunit' AND btrim(m->>'mscnumber') = d.unit_msc)`;

const inMonth = (first: string) =>
  sql`d.period_from >= ${first}::date AND d.period_from < (${first}::date + interval '1 month')`;

/** The month's documents of unit `u` on the user's connections (`c`), by its number, else its HV number. */
function unitDocuments(p: Principal, first: string): SQL {
  const cols = sql`d.connection_id, d.documentid, d.filename, d.state, d.sha256, d.period_from, d.period_to, d.first_seen_at`;
  const conns = sql`connections c JOIN delivery_documents d ON d.connection_id = c.id`;
  const own = sql`${usableBy(p)} AND c.deleted_at IS NULL AND ${inMonth(first)} AND NOT ${isPropertyFile}`;
  return sql`LEFT JOIN LATERAL (
    SELECT * FROM (
      SELECT ${cols} FROM ${conns} WHERE u.mscnumber IS NOT NULL AND d.state = ANY(${STATES}) AND d.unit_msc = u.mscnumber AND ${own}
      UNION ALL
      SELECT ${cols} FROM ${conns} WHERE u.mscnumber IS NULL AND d.unit_pm = u.pmnumber AND ${own}
    ) x ORDER BY x.first_seen_at, x.documentid LIMIT ${MAX_MONTH_DOCUMENTS}
  ) d ON true`;
}

/** Where the month of one unit and document stands: the month view's status (MONTH_STATUSES), as `statusOf` reads it. */
const status = sql`CASE
  WHEN d.documentid IS NULL THEN 'noDocument'
  WHEN r.kind = 'change' THEN 'change'
  WHEN r.kind IS NULL OR r.kind = 'uncovered' THEN
    CASE WHEN (SELECT true FROM tenancies x WHERE x.unit_id = u.id LIMIT 1) THEN 'uncovered' ELSE 'noResident' END
  WHEN r.kind = 'noPeriod' THEN 'noPeriod'
  WHEN r.kind = 'vacancy' THEN 'vacancy'
  WHEN r.kind = 'none' THEN 'notNeeded'
  WHEN t.erased_at IS NOT NULL THEN 'erased'
  WHEN d.sha256 IS NULL THEN CASE WHEN d.state IN ('confirmed', 'elsewhere') THEN 'notArchived' ELSE 'notConfirmed' END
  WHEN h.state = 'sent' AND h.channel IN ('email', 'portal') THEN h.channel
  WHEN h.state = 'posted' THEN CASE WHEN h.channel = 'portal' THEN 'portal' ELSE 'posted' END
  WHEN h.state IN ('opened', 'printed', 'failed', 'pending', 'unknown') THEN h.state
  WHEN h.state = 'bounced' THEN 'bounced' -- came back undelivered (lib/handoffs/bounces): its letter is to print
  WHEN t.channel = 'email' AND t.resident_email IS NULL THEN 'noEmail'
  WHEN t.channel = 'post' OR (t.channel = 'portal' AND t.resident_email IS NULL) THEN 'notPrinted'
  ELSE 'open'
END`;

/**
 * Whether the document goes out by "Alle weitergeben" once confirmed: a resident of its period (or the one a manager
 * assigned) reached by e-mail or the portal with an e-mail address, and no hand-off of it to them yet. A portal
 * resident without one is reached by the letter with their link (the print), never by this step.
 */
const handsOn = sql`(d.documentid IS NOT NULL AND r.kind IN ('resident', 'assigned') AND t.erased_at IS NULL AND h.state IS NULL
  AND t.channel IN ('portal', 'email') AND t.resident_email IS NOT NULL)`;

/**
 * One row per unit and document of the month (a unit without one: one row with `documentid` null) of the user's
 * units in `properties`, with its status and what the round may do with it. `units` bounds the units read.
 */
export function monthPairs(p: Principal, month: string, properties: string[], unitsLimit: number): SQL {
  const first = `${month}-01`;
  return sql`SELECT u.property, u.id AS unit_id, d.connection_id, d.documentid, d.filename, d.state AS doc_state,
      r.tenancy_id, t.channel AS resident_channel, ${status} AS status, ${handsOn} AS hands_on,
      d.state IN ('open', 'failed') AS confirmable, d.state IN ('confirmed', 'elsewhere') AS confirmed,
      rd.documentid IS NOT NULL AS is_read, COALESCE(u.mscnumber, u.pmnumber) AS unit, u.label, h.reason
    FROM (SELECT * FROM units WHERE team_id = ${p.teamId}::uuid AND property IN (${oneOf(properties)})
      ORDER BY property, label, unit_key LIMIT ${unitsLimit}) u
    ${unitDocuments(p, first)}
    ${recipientOf}
    LEFT JOIN tenancies t ON t.id = r.tenancy_id
    LEFT JOIN handoffs h ON h.connection_id = d.connection_id AND h.documentid = d.documentid AND h.tenancy_id = r.tenancy_id
    LEFT JOIN document_reads rd ON rd.connection_id = d.connection_id AND rd.documentid = d.documentid`;
}

/** The most bounced e-mails one property of the month page names with their unit and reason (the count is whole). */
export const MAX_BOUNCES_NAMED = 20;

/**
 * The month's bounced e-mail hand-offs (status `bounced`) of the properties named, at most MAX_BOUNCES_NAMED each, by
 * unit: the month page's exception "E-Mail unzustellbar: Brief drucken" names them with their reason.
 */
export function bouncedPairs(p: Principal, month: string, properties: string[], unitsLimit: number): SQL {
  return sql`SELECT b.property, b.unit_id, b.unit, b.label, b.documentid, b.reason FROM (
      SELECT x.*, row_number() OVER (PARTITION BY x.property ORDER BY x.label NULLS LAST, x.unit, x.documentid) AS n
      FROM (${monthPairs(p, month, properties, unitsLimit)}) x WHERE x.status = 'bounced'
    ) b WHERE b.n <= ${MAX_BOUNCES_NAMED} ORDER BY b.property, b.n`;
}

/** The property files (./round-sql.ts `isPropertyFile`) of the month, per property: their billing unit's number. */
export function propertyFiles(p: Principal, month: string, properties: string[]): SQL {
  const first = `${month}-01`;
  return sql`SELECT b.property, count(*)::int AS n FROM
    (SELECT DISTINCT property, billingunit FROM units WHERE team_id = ${p.teamId}::uuid AND property IN (${oneOf(properties)})
      AND billingunit IS NOT NULL) b
    JOIN connections c ON ${usableBy(p)} AND c.deleted_at IS NULL
    JOIN delivery_documents d ON d.connection_id = c.id AND d.state = ANY(${STATES}) AND d.unit_msc = b.billingunit
    WHERE ${inMonth(first)} AND ${isPropertyFile}
    GROUP BY b.property`;
}

/**
 * The month's documents of the user's connections that no property of the register takes (./monthPairs,
 * ./propertyFiles): a unit in no property's row, a unit the register does not know, or no unit at all; per connection,
 * with how many units they name and how many a confirmation would take. Its cost grows with the month's documents, so
 * the answer reads it only for the whole register, never for one property.
 */
export function unregisteredDocuments(p: Principal, month: string): SQL {
  const first = `${month}-01`;
  const placed = sql`units u WHERE u.team_id = ${p.teamId}::uuid AND u.property IS NOT NULL`;
  return sql`WITH billing AS MATERIALIZED (SELECT DISTINCT u.billingunit FROM ${placed} AND u.billingunit IS NOT NULL)
    SELECT c.id AS connection_id, c.name, count(*)::int AS documents,
      count(DISTINCT COALESCE(d.unit_msc, d.unit_pm))::int AS units,
      count(*) FILTER (WHERE d.state IN ('open', 'failed'))::int AS open
    FROM connections c JOIN delivery_documents d ON d.connection_id = c.id
    WHERE ${usableBy(p)} AND c.deleted_at IS NULL AND ${inMonth(first)}
      AND NOT EXISTS (SELECT 1 FROM ${placed} AND u.mscnumber = d.unit_msc)
      AND NOT EXISTS (SELECT 1 FROM ${placed} AND u.mscnumber IS NULL AND u.pmnumber = d.unit_pm)
      AND NOT (d.unit_msc IN (SELECT billingunit FROM billing) AND ${isPropertyFile})
    GROUP BY c.id, c.name, c.created_at ORDER BY c.name, c.created_at`;
}

/**
 * The names as a list of parameters (at most MAX_ROUND_PROPERTIES): the planner sees each value and estimates the
 * properties' units from its statistics, where an array made in the statement would be a guess that grows with the
 * register (and with it a JIT compilation that costs more than the statement).
 */
const oneOf = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Runs a month statement with PostgreSQL's JIT off: its cost estimate grows with the units read, and past the JIT
 * threshold compiling it took longer than running it (1.1 s of 1.7 s at 20,000 units).
 */
export async function readWithoutJit<T>(db: Db, statement: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return rowsOf<T>(await tx.execute(statement));
  });
}
