import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { DOCUMENT_STATES, type DocumentState } from "@/lib/db/schema/delivery";
import { containing, likeEscape, rowsOf } from "@/lib/db/rows";
import { today } from "@/lib/today";
import { groupsOf, type InboxGroup, type InboxRow } from "./groups";
import type { InboxInput } from "./list";
import { usableBy } from "@/lib/connections/usable";

export type { GroupRegister, HandoffSummary, InboxDocument, InboxGroup } from "./groups";

/**
 * The inbox (docs/api.md, `GET /api/inbox`): the user's indexed documents grouped by usage unit
 * over all their connections, paged by documents (a unit whose documents straddle two pages is
 * on both, with its span). The page, its totals and the open counts come from one statement; only
 * keys are grouped, the page's rows alone are read whole.
 */

/**
 * `register`: whether the user keeps a unit register at all (the page then groups by property); `properties` its
 * property names, for the filter.
 */
export type Inbox = {
  units: number;
  documents: number;
  register: boolean;
  properties: string[];
  connections: { id: string; open: number }[];
  groups: InboxGroup[];
};

/**
 * The filters on a document row besides its connection and state (those pick index ranges). A
 * search also finds the documents of the units whose register entry matches (`hits`, see
 * `registerOf`): by their `mscnumber`, or by the `pmnumber` of a unit registered without one when
 * no unit of the register has the document's `mscnumber` (a document's unit, docs/api.md).
 */
function rowFilters(p: Principal, input: InboxInput): SQL {
  const parts: SQL[] = [];
  if (input.month) {
    const start = `${input.month}-01`;
    parts.push(
      sql`d.period_from < (${start}::date + interval '1 month') AND COALESCE(d.period_to, d.period_from) >= ${start}::date`,
    );
  }
  if (input.q) {
    const like = containing(input.q);
    parts.push(sql`(d.documentid = ${input.q} OR d.unit_msc LIKE ${`${likeEscape(input.q)}%`} OR d.unit_pm ILIKE ${like}
      OR d.unit_label ILIKE ${like} OR d.filename ILIKE ${like} OR d.unit_msc IN (SELECT mscnumber FROM hits)
      OR (d.unit_pm IN (SELECT pmnumber FROM hits WHERE mscnumber IS NULL)
        AND NOT EXISTS (SELECT 1 FROM units m WHERE m.team_id = ${p.teamId} AND m.mscnumber = d.unit_msc)))`);
  }
  return parts.length ? sql` AND ${sql.join(parts, sql` AND `)}` : sql``;
}

/**
 * The statement's parts that read the user's register. `hits` (with a search only): the units whose
 * property, address, label or resident contains the term. `by_pm`: the units registered by their
 * `pmnumber` alone, with the document units (`unit_msc`) they name, found from the register's side
 * (an index lookup of `unit_pm` per such unit), so a register without them costs nothing; a unit
 * the register has by its `mscnumber` keeps that entry. `billing`: the register's billing units, each with the
 * property of its units (one pass over the user's units, like the statement's property list).
 */
function registerOf(p: Principal, q: string | undefined): SQL {
  const like = q === undefined ? undefined : containing(q);
  const hits = like
    ? sql`hits AS MATERIALIZED (
        SELECT mscnumber, pmnumber FROM units WHERE team_id = ${p.teamId}
          AND (property ILIKE ${like} OR address ILIKE ${like} OR label ILIKE ${like}
            OR EXISTS (SELECT 1 FROM tenancies t WHERE t.unit_id = units.id AND t.resident_name ILIKE ${like}))
      ),`
    : sql``;
  return sql`${hits}
    billing AS MATERIALIZED (
      SELECT DISTINCT ON (billingunit) billingunit, id, property FROM units
      WHERE team_id = ${p.teamId} AND billingunit IS NOT NULL ORDER BY billingunit, property NULLS LAST
    ),
    by_pm AS MATERIALIZED (
      SELECT DISTINCT ON (d.unit_msc) d.unit_msc, r.id, r.property FROM units r CROSS JOIN LATERAL (
        SELECT d.unit_msc FROM scanned c JOIN delivery_documents d ON d.connection_id = c.id
        WHERE d.unit_pm = r.pmnumber AND d.unit_msc IS NOT NULL
      ) d
      WHERE r.team_id = ${p.teamId} AND r.mscnumber IS NULL
        AND NOT EXISTS (SELECT 1 FROM units m WHERE m.team_id = ${p.teamId} AND m.mscnumber = d.unit_msc)
      ORDER BY d.unit_msc, r.pmnumber
    ),`;
}

/** A unit's documents in the order the page shows them, the same in every query that cuts the unit into pages. */
const DOC_ORDER = sql.raw("d.period_from DESC NULLS LAST, d.doctype, d.first_seen_at, d.documentid, d.connection_id");

/** The asked states as a list of SQL values. */
const listOf = (states: readonly string[]) =>
  sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  );

/**
 * How the statement finds its groups: without a search from the counts the index keeps per unit
 * (migration 0007), a row per unit rather than per document (docs/scale.md); with `q`, one pass per
 * connection and state, the state a constant per branch (one from a list is planned as a full scan).
 */
function groupedOf(input: InboxInput, asked: readonly DocumentState[], filters: SQL): SQL {
  if (input.q) {
    return sql`SELECT unit_msc, sum(n)::int AS n FROM (${sql.join(
      asked.map(
        (state) => sql`
          SELECT g.unit_msc, g.n FROM scanned c CROSS JOIN LATERAL (
            SELECT d.unit_msc, count(*)::int AS n FROM delivery_documents d
            WHERE d.connection_id = c.id AND d.state = ${state}${filters}
            GROUP BY d.unit_msc
          ) g`,
      ),
      sql` UNION ALL `,
    )}) per GROUP BY unit_msc`;
  }
  return input.month
    ? sql`SELECT u.unit_msc, sum(u.n)::int AS n FROM scanned c JOIN delivery_unit_months u ON u.connection_id = c.id
        WHERE u.month = ${`${input.month}-01`}::date AND u.state IN (${listOf(asked)}) AND u.n > 0 GROUP BY u.unit_msc`
    : sql`SELECT u.unit_msc, sum(u.n)::int AS n FROM scanned c JOIN delivery_unit_counts u ON u.connection_id = c.id
        WHERE u.state IN (${listOf(asked)}) AND u.n > 0 GROUP BY u.unit_msc`;
}

/**
 * The statement: groups named and ordered by the register, counts from those the database keeps, and only the page's
 * own documents read whole (docs/architecture.md, "Inbox"). Their hand-off state is joined to those rows alone, through
 * the resident of each document's period (the unique index handoffs_once), so it costs a page of index probes however large the record.
 */
export async function readInbox(db: Db, p: Principal, input: InboxInput): Promise<Inbox> {
  const asked: readonly DocumentState[] = input.state ? [input.state] : DOCUMENT_STATES;
  const filters = rowFilters(p, input);
  const columns = sql`d.connection_id, d.state, d.replaced_by, d.unit_msc, d.unit_pm, d.unit_label, d.document, d.period_from, d.period_to, d.doctype, d.first_seen_at, d.documentid, d.sha256`;
  const rows = rowsOf<InboxRow>(
    await db.execute(sql`
      WITH mine AS MATERIALIZED (SELECT c.id, c.name, c.created_at FROM connections c WHERE ${usableBy(p)} AND c.deleted_at IS NULL),
      scanned AS MATERIALIZED (SELECT id FROM mine${input.connection ? sql` WHERE id = ${input.connection}` : sql``}),
      ${registerOf(p, input.q)}
      groups AS MATERIALIZED (${groupedOf(input, asked, filters)}),
      placed AS (
        SELECT g.unit_msc, g.n, COALESCE(r.id, p.id) AS rid, COALESCE(r.id, p.id, b.id) IS NULL AS unregistered,
          COALESCE(r.property, p.property, b.property) AS property, b.property AS bp
        FROM groups g LEFT JOIN units r ON r.team_id = ${p.teamId} AND r.mscnumber = g.unit_msc LEFT JOIN by_pm p ON p.unit_msc = g.unit_msc
        LEFT JOIN billing b ON b.billingunit = g.unit_msc AND r.id IS NULL AND p.id IS NULL
        ${input.property ? sql`WHERE COALESCE(r.property, p.property, b.property) = ${input.property}` : sql``}
      ),
      placed_upto AS MATERIALIZED (
        SELECT *, sum(n) OVER (ORDER BY unregistered, property NULLS LAST, bp IS NULL, unit_msc NULLS LAST ROWS UNBOUNDED PRECEDING) AS upto FROM placed
      ),
      page AS MATERIALIZED (
        SELECT unit_msc, rid, bp, n, row_number() OVER (ORDER BY upto) AS pos,
          greatest(${input.offset} - (upto - n), 0) AS skip, least(upto, ${input.offset + input.limit}) - greatest(upto - n, ${input.offset}) AS take
        FROM placed_upto WHERE upto > ${input.offset} AND upto - n < ${input.offset + input.limit}
      ),
      totals AS (SELECT count(*)::int AS units, COALESCE(sum(n), 0)::int AS documents FROM ${input.property ? sql`placed` : sql`groups`}),
      open AS (
        SELECT c.id, COALESCE((SELECT s.n FROM delivery_state_counts s WHERE s.connection_id = c.id AND s.state = 'open'), 0) AS open
        FROM mine c ORDER BY c.name, c.created_at
      ),
      rows AS (
        SELECT page.pos, page.rid, d.* FROM page CROSS JOIN LATERAL (
          SELECT ${columns} FROM scanned c JOIN delivery_documents d ON d.connection_id = c.id
          WHERE d.unit_msc = page.unit_msc AND d.state IN (${listOf(asked)})${filters}
          ORDER BY ${DOC_ORDER} OFFSET page.skip LIMIT page.take
        ) d
        UNION ALL
        SELECT page.pos, NULL::uuid, d.* FROM page CROSS JOIN LATERAL (
          SELECT ${columns} FROM scanned c JOIN delivery_documents d ON d.connection_id = c.id
          WHERE d.unit_msc IS NULL AND d.state IN (${listOf(asked)})${filters}
          ORDER BY ${DOC_ORDER} OFFSET page.skip LIMIT page.take
        ) d WHERE page.unit_msc IS NULL
      )
      SELECT t.units, t.documents, EXISTS (SELECT 1 FROM units WHERE team_id = ${p.teamId}) AS register,
        (SELECT json_agg(p.property ORDER BY p.property) FROM (SELECT DISTINCT property FROM units WHERE team_id = ${p.teamId} AND property IS NOT NULL) p)::text AS properties,
        (SELECT json_agg(json_build_object('u', p.unit_msc, 'pr', r.property, 'a', r.address, 'l', r.label, 'rn', t.resident_name, 'ch', t.channel, 'v', t.vacancy))
          FROM page p JOIN units r ON r.id = p.rid LEFT JOIN LATERAL (
            SELECT t.resident_name, t.channel, t.vacancy FROM tenancies t WHERE t.unit_id = r.id AND t.erased_at IS NULL
              AND (t.move_in IS NULL OR t.move_in <= ${today()}::date) AND (t.move_out IS NULL OR t.move_out >= ${today()}::date)
            ORDER BY t.vacancy LIMIT 1
          ) t ON true)::text AS known,
        (SELECT json_agg(json_build_object('id', open.id, 'open', open.open)) FROM open)::text AS open,
        (SELECT json_agg(json_build_object('u', p.unit_msc, 'n', p.n, 's', p.skip, 'bp', p.bp)) FROM page p)::text AS spans,
        (SELECT json_agg(json_build_object('c', d.connection_id, 's', d.state, 'r', d.replaced_by, 'u', d.unit_msc, 'p', d.unit_pm, 'l', d.unit_label, 'd', d.document,
          'a', d.sha256 IS NOT NULL, 'k', rr.kind, 'h', CASE WHEN h.id IS NOT NULL THEN json_build_object('s', h.state, 'ch', h.channel, 'at', h.at) END)
          ORDER BY d.pos, ${DOC_ORDER})
          FROM rows d LEFT JOIN units r ON r.id = d.rid
          LEFT JOIN LATERAL handoff_recipient(r.id, d.connection_id, d.documentid, d.period_from, d.period_to) rr ON r.id IS NOT NULL
          LEFT JOIN handoffs h ON h.connection_id = d.connection_id AND h.documentid = d.documentid AND h.tenancy_id = rr.tenancy_id)::text AS rows
      FROM totals t`),
  );
  // One row: the page's documents arrive as one JSON text, parsed once (far cheaper than a driver row each).
  const first = rows[0];
  return {
    units: first?.units ?? 0,
    documents: first?.documents ?? 0,
    register: first?.register ?? false,
    properties: JSON.parse(first?.properties ?? "null") ?? [],
    connections: JSON.parse(first?.open ?? "null") ?? [],
    groups: groupsOf(first),
  };
}
