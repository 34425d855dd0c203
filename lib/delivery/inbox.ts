import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { DocumentState } from "@/lib/db/schema/delivery";
import { rowsOf } from "./document-index";
import type { InboxInput } from "./schemas";

/**
 * The inbox (docs/api.md, `GET /api/inbox`): the user's indexed documents grouped by usage unit
 * over all their connections, paged by units so that every unit (and so every document) appears
 * on exactly one page. The page, its totals and the open counts come from one statement; only
 * keys are grouped, the page's rows alone are read whole.
 */

export type InboxDocument = Record<string, unknown> & { connectionId: string; state: DocumentState; replacedBy: string | null };
export type InboxGroup = { unit: string | null; pmnumber: string | null; label: string | null; documents: InboxDocument[] };
export type Inbox = { units: number; documents: number; connections: { id: string; open: number }[]; groups: InboxGroup[] };

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(userId: string, input: InboxInput): SQL {
  const parts: SQL[] = [
    sql`d.connection_id IN (SELECT id FROM connections WHERE user_id = ${userId} AND deleted_at IS NULL${input.connection ? sql` AND id = ${input.connection}` : sql``})`,
  ];
  if (input.state) parts.push(sql`d.state = ${input.state}`);
  if (input.month) {
    const start = `${input.month}-01`;
    parts.push(sql`d.period_from < (${start}::date + interval '1 month') AND COALESCE(d.period_to, d.period_from) >= ${start}::date`);
  }
  if (input.q) {
    const like = `%${likeEscape(input.q)}%`;
    parts.push(sql`(d.documentid = ${input.q} OR d.unit_msc LIKE ${`${likeEscape(input.q)}%`} OR d.unit_pm ILIKE ${like}
      OR d.unit_label ILIKE ${like} OR d.filename ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

type Row = {
  units: number;
  documents: number;
  open: { id: string; open: number }[] | null;
  connection_id: string | null;
  state: DocumentState;
  replaced_by: string | null;
  unit_msc: string | null;
  unit_pm: string | null;
  unit_label: string | null;
  document: Record<string, unknown>;
};

export async function readInbox(db: Db, { userId }: { userId: string }, input: InboxInput): Promise<Inbox> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      WITH keys AS MATERIALIZED (
        SELECT d.connection_id, d.documentid, d.unit_msc FROM delivery_documents d WHERE ${filters(userId, input)}
      ),
      groups AS (SELECT unit_msc, count(*)::int AS n FROM keys GROUP BY unit_msc),
      page AS (SELECT unit_msc FROM groups ORDER BY unit_msc NULLS LAST LIMIT ${input.limit} OFFSET ${input.offset}),
      totals AS (SELECT count(*)::int AS units, COALESCE(sum(n), 0)::int AS documents FROM groups),
      open AS (
        SELECT c.id, (SELECT count(*)::int FROM delivery_documents o WHERE o.connection_id = c.id AND o.state = 'open') AS open
        FROM connections c WHERE c.user_id = ${userId} AND c.deleted_at IS NULL ORDER BY c.name, c.created_at
      )
      SELECT t.units, t.documents, (SELECT json_agg(json_build_object('id', open.id, 'open', open.open)) FROM open) AS open,
        d.connection_id, d.state, d.replaced_by, d.unit_msc, d.unit_pm, d.unit_label, d.document
      FROM totals t
      LEFT JOIN (page JOIN keys k ON k.unit_msc IS NOT DISTINCT FROM page.unit_msc
        JOIN delivery_documents d ON d.connection_id = k.connection_id AND d.documentid = k.documentid) ON true
      ORDER BY page.unit_msc NULLS LAST, d.period_from DESC NULLS LAST, d.doctype, d.first_seen_at, d.documentid`),
  );
  const first = rows[0];
  const groups: InboxGroup[] = [];
  for (const r of rows) {
    if (r.connection_id === null) continue;
    let group = groups.at(-1);
    if (!group || group.unit !== r.unit_msc) groups.push((group = { unit: r.unit_msc, pmnumber: null, label: null, documents: [] }));
    group.pmnumber ??= r.unit_pm;
    group.label ??= r.unit_label;
    group.documents.push({ ...r.document, connectionId: r.connection_id, state: r.state, replacedBy: r.replaced_by });
  }
  return { units: first?.units ?? 0, documents: first?.documents ?? 0, connections: first?.open ?? [], groups };
}
