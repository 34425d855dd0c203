import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { analyzeAfterBulkWrite, analyzeEmbedded, type AnalyzedTable } from "@/lib/db/statistics";
import { env } from "@/lib/env";
import { cutName, INDEXED_NAME_MAX } from "@/lib/connections/files";
import type { ProviderDocument, ProviderMetadata } from "@/lib/provider/schemas";

/**
 * The document index (docs/architecture.md, "Delivery state"): what the dashboard has seen at each
 * connection's provider. A document is grouped under one usage unit: its only unit that is not a
 * billing unit, else its billing unit, else the first reference with a number; none: the
 * "no usage unit" group (`unit_msc` NULL), never dropped.
 */

export type IndexedUnit = {
  msc: string | null;
  pm: string | null;
  label: string | null;
  from: string | null;
  to: string | null;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOrNull = (v: string | null | undefined) => (v && DATE.test(v.trim()) ? v.trim() : null);
const textOrNull = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

export function unitOf(metadata: ProviderMetadata[]): IndexedUnit {
  const numbered = metadata.filter((m) => textOrNull(m.mscnumber));
  const usage = numbered.filter((m) => (m.reftype ?? "").toLowerCase() !== "billingunit");
  const billing = numbered.filter((m) => (m.reftype ?? "").toLowerCase() === "billingunit");
  const pick = usage.length === 1 ? usage[0] : (billing[0] ?? usage[0]);
  if (!pick) return { msc: null, pm: null, label: null, from: null, to: null };
  // Providers may add a label or description to a reference; the spec names none.
  const label =
    textOrNull((pick as Record<string, unknown>).label) ?? textOrNull((pick as Record<string, unknown>).description);
  // A billing unit has no period of its own: take the period its residential units share.
  const from = dateOrNull(pick.from) ?? dateOrNull(usage[0]?.from);
  const to = dateOrNull(pick.to) ?? dateOrNull(usage[0]?.to);
  return { msc: textOrNull(pick.mscnumber), pm: textOrNull(pick.pmnumber), label, from, to };
}

type Row = {
  documentid: string;
  filename: string;
  doctype: string;
  mimetype: string;
  propertymanagement: string;
  document: ProviderDocument;
  unit_msc: string | null;
  unit_pm: string | null;
  unit_label: string | null;
  period_from: string | null;
  period_to: string | null;
};

function toRow(d: ProviderDocument): Row {
  const unit = unitOf(d.metadata);
  return {
    documentid: d.documentid,
    // Cut where it is indexed: lists, searches, mails and PDFs read this column; the whole name stays in `document`.
    filename: cutName(d.filename, INDEXED_NAME_MAX),
    doctype: d.doctype,
    mimetype: d.mimetype,
    propertymanagement: d.propertymanagement,
    document: d,
    unit_msc: unit.msc,
    unit_pm: unit.pm,
    unit_label: unit.label,
    period_from: unit.from,
    period_to: unit.to,
  };
}

type Scope = { connectionId: string; kd: string };

/**
 * Rows per statement when a sync writes the index: few, as building each statement holds the server's
 * thread (with PostgreSQL also sending it). The embedded database takes more, its rows going to PGlite's
 * thread: 250 rows wrote 10,000 documents with 1.04 s of that thread's CPU against 1.24 s at 50 (docs/scale.md).
 */
const writeRows = () => (env().databaseUrl ? 50 : 250);

/**
 * The state of a connection's sync as one string (SQL): it changes whenever a sync takes its lease
 * and again when it releases it (`last_at`), and says `leased:` while one runs.
 */
const syncStateOf = (connectionId: string) => sql`COALESCE((
    SELECT CASE WHEN s.lease_owner IS NULL THEN 'free:' ELSE 'leased:' END || COALESCE(extract(epoch FROM s.last_at)::text, '')
    FROM delivery_sync s WHERE s.connection_id = ${connectionId}::uuid), 'none')`;

/**
 * One statement for the whole batch. With `onlyChanged`, rows already indexed exactly as listed
 * are left alone, unless a sync holds the lease; the sync state is read in the same statement.
 */
async function upsertDocuments(
  db: Db,
  scope: Scope,
  documents: ProviderDocument[],
  seenAt: Date,
  onlyChanged: boolean,
): Promise<{ added: number; written: number; syncState: string }> {
  const rows = JSON.stringify(documents.map(toRow));
  // One primary-key lookup per listed row (a scalar subquery, which the planner cannot turn into
  // a join): as an anti-join it hashed the document of every row of the connection.
  const toWrite = onlyChanged
    ? sql`WHERE EXISTS (SELECT 1 FROM delivery_sync s WHERE s.connection_id = ${scope.connectionId}::uuid AND s.lease_owner IS NOT NULL)
        OR (SELECT c.kd = ${scope.kd} AND c.state NOT IN ('gone', 'elsewhere') AND c.document = x.document AND c.filename = x.filename
            AND c.doctype = x.doctype AND c.mimetype = x.mimetype AND c.propertymanagement = x.propertymanagement
            AND c.unit_msc IS NOT DISTINCT FROM x.unit_msc AND c.unit_pm IS NOT DISTINCT FROM x.unit_pm
            AND c.unit_label IS NOT DISTINCT FROM x.unit_label AND c.period_from IS NOT DISTINCT FROM x.period_from
            AND c.period_to IS NOT DISTINCT FROM x.period_to
          FROM delivery_documents c WHERE c.connection_id = ${scope.connectionId}::uuid AND c.documentid = x.documentid) IS NOT TRUE`
    : sql``;
  // How many were new is counted in the statement: one row back instead of one per document.
  const result = await db.execute(sql`
    WITH upserted AS (INSERT INTO delivery_documents AS d (connection_id, documentid, kd, filename, doctype, mimetype, propertymanagement,
      document, unit_msc, unit_pm, unit_label, period_from, period_to, first_seen_at, last_seen_at)
    SELECT ${scope.connectionId}::uuid, x.documentid, ${scope.kd}, x.filename, x.doctype, x.mimetype, x.propertymanagement,
      x.document, x.unit_msc, x.unit_pm, x.unit_label, x.period_from, x.period_to, ${seenAt.toISOString()}::timestamptz, ${seenAt.toISOString()}::timestamptz
    FROM jsonb_to_recordset(${rows}::jsonb) AS x(documentid text, filename text, doctype text, mimetype text,
      propertymanagement text, document jsonb, unit_msc text, unit_pm text, unit_label text, period_from date, period_to date)
    ${toWrite}
    ON CONFLICT (connection_id, documentid) DO UPDATE SET
      kd = excluded.kd, filename = excluded.filename, doctype = excluded.doctype, mimetype = excluded.mimetype,
      propertymanagement = excluded.propertymanagement, document = excluded.document, unit_msc = excluded.unit_msc,
      unit_pm = excluded.unit_pm, unit_label = excluded.unit_label, period_from = excluded.period_from,
      period_to = excluded.period_to, last_seen_at = GREATEST(d.last_seen_at, excluded.last_seen_at),
      state = CASE WHEN d.state IN ('gone', 'elsewhere') THEN 'open' ELSE d.state END,
      confirmed_via = CASE WHEN d.state = 'elsewhere' THEN NULL ELSE d.confirmed_via END,
      confirmed_by = CASE WHEN d.state = 'elsewhere' THEN NULL ELSE d.confirmed_by END,
      confirmed_at = CASE WHEN d.state = 'elsewhere' THEN NULL ELSE d.confirmed_at END
    RETURNING (xmax = 0) AS inserted)
    SELECT count(*) FILTER (WHERE inserted)::int AS added, count(*)::int AS written,
      ${onlyChanged ? syncStateOf(scope.connectionId) : sql`''`} AS sync_state FROM upserted`);
  const [row] = rowsOf<{ added: number; written: number; sync_state: string }>(result);
  return { added: row?.added ?? 0, written: row?.written ?? 0, syncState: row?.sync_state ?? "" };
}

/**
 * Records documents the provider listed. A document listed again after it was `gone` is open
 * again; the states of confirmations are left to them. Returns how many were new. A sync's walk
 * writes every row, `last_seen_at` included; a page listed through the dashboard (`listed`) only
 * what changed (`indexListedPage`).
 */
export async function indexDocuments(
  db: Db,
  scope: Scope,
  documents: ProviderDocument[],
  seenAt: Date,
  { listed = false } = {},
): Promise<number> {
  if (documents.length === 0) return 0;
  if (listed) return indexListedPage(db, scope, documents, seenAt);
  // A walk's page goes in slices, with a turn of the event loop between them, so other requests
  // are served meanwhile.
  let added = 0;
  const rows = writeRows();
  for (let at = 0; at < documents.length; at += rows) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    added += (await upsertDocuments(db, scope, documents.slice(at, at + rows), seenAt, false)).added;
  }
  return added;
}

/**
 * Pages this process indexed into the embedded database, per connection: `kd` and content -> the
 * sync state seen when they were written. Kept only with the embedded database, where this
 * process is the only writer.
 */
const indexedPages = new Map<string, Map<string, string>>();
const MAX_PAGES_PER_CONNECTION = 1000;

/**
 * Records a listed page, writing only new or changed rows: `last_seen_at` is read only against a walk's start, and
 * while a sync holds the lease every row is written, as its walk would. The embedded database skips a page it indexed
 * alike while the sync state holds, which is sound only while nothing but a sync writes the compared columns
 * (docs/architecture.md, "List"; the costs: docs/scale.md, "The figures behind the code's choices").
 */
async function indexListedPage(db: Db, scope: Scope, documents: ProviderDocument[], seenAt: Date): Promise<number> {
  const pages = env().databaseUrl ? undefined : (indexedPages.get(scope.connectionId) ?? new Map<string, string>());
  const key = `${scope.kd}\n${createHash("sha256").update(JSON.stringify(documents)).digest("base64")}`;
  const seen = pages?.get(key);
  if (
    seen !== undefined &&
    seen ===
      rowsOf<{ state: string }>(await db.execute(sql`SELECT ${syncStateOf(scope.connectionId)} AS state`))[0]?.state
  )
    return 0;
  const { added, written, syncState } = await upsertDocuments(db, scope, documents, seenAt, true);
  if (!pages) return added;
  if (written > 0) pages.clear();
  pages.delete(key);
  if (syncState.startsWith("leased:")) return added;
  if (pages.size >= MAX_PAGES_PER_CONNECTION) pages.delete(pages.keys().next().value!);
  pages.set(key, syncState);
  indexedPages.set(scope.connectionId, pages);
  return added;
}

const INDEX_TABLE_NAMES = [
  "delivery_documents",
  "delivery_unit_counts",
  "delivery_unit_months",
  "delivery_state_counts",
] as const satisfies readonly AnalyzedTable[];
const INDEX_TABLES = sql.raw(INDEX_TABLE_NAMES.join(", "));

/**
 * The index's size in rows (`reltuples`, which VACUUM keeps) when this process last analyzed it.
 * Only the embedded database uses it, and there this process is the only writer.
 */
let analyzedAtRows: number | undefined;

/**
 * After a sync that indexed `added` new documents. The embedded database has no autovacuum: the index and its counts
 * are vacuumed (the tables would grow with every sync), and analyzed after the first sync and whenever their size
 * moved by a tenth, with a small sample so the thread is not held long (docs/scale.md). PostgreSQL's autovacuum does
 * both in its own time; a sync that added more than its rule allows analyzes the index at once (lib/db/statistics.ts).
 */
export async function tidyIndex(db: Db, added: number): Promise<void> {
  if (env().databaseUrl) {
    await analyzeAfterBulkWrite(db, INDEX_TABLE_NAMES, added);
    return;
  }
  await db.execute(sql`VACUUM ${INDEX_TABLES}`);
  const [row] = rowsOf<{ rows: number }>(
    await db.execute(sql`SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = 'delivery_documents'::regclass`),
  );
  const rows = row?.rows ?? 0;
  if (analyzedAtRows !== undefined && Math.abs(rows - analyzedAtRows) <= Math.max(1000, analyzedAtRows / 10)) return;
  await analyzeEmbedded(db, INDEX_TABLES);
  analyzedAtRows = rows;
}
