import "server-only";

/**
 * What a snapshot holds, read from the database's own catalog so that a table added by a later
 * migration is backed up without a change here: every table of the schema, parents before
 * children (foreign keys), each with a row order that is the same on PGlite and on PostgreSQL.
 */

/** One statement at a time against either engine (a PGlite transaction or a `pg` client). */
export type Sql = { query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]> };

export type TableInfo = { name: string; orderBy: string };

/**
 * Not dumped as rows: the migrations table is the schema version of the manifest, and the blob
 * tables are the database archive, carried as archive files like a directory archive's.
 */
const NOT_ROWS = new Set(["schema_migrations", "delivery_blobs", "delivery_blob_chunks"]);

/**
 * Counts kept by the triggers of migration 0007. Loaded after every other table: the documents'
 * inserts rebuild them, and restore then puts the backed-up rows in their place (load.ts).
 */
export const DERIVED = ["delivery_state_counts", "delivery_unit_counts", "delivery_unit_months"];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const ident = quote;

/** Text keys sort byte-wise: the databases' collations may differ, the dump's order must not. */
const TEXTUAL = new Set(["text", "character varying", "character"]);

async function orderings(sql: Sql): Promise<Map<string, string>> {
  const columns = await sql.query(
    `SELECT table_name AS t, column_name AS c, data_type AS type FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  // The primary key, else the narrowest unique index (every table has one), else every column.
  const keys = await sql.query(
    `SELECT c.relname AS t, array_to_string(array(SELECT a.attname FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(n, o)
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.n ORDER BY k.o), ',') AS cols
     FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace ns ON ns.oid = c.relnamespace
     WHERE ns.nspname = current_schema() AND i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL
     ORDER BY i.indisprimary DESC, i.indnatts, c.relname`,
  );
  const typeOf = new Map(columns.map((r) => [`${r.t}.${r.c}`, String(r.type)]));
  const keyOf = new Map<string, string[]>();
  for (const r of keys) if (!keyOf.has(String(r.t))) keyOf.set(String(r.t), String(r.cols).split(","));
  const all = new Map<string, string[]>();
  for (const r of columns) all.set(String(r.t), [...(all.get(String(r.t)) ?? []), String(r.c)]);
  const result = new Map<string, string>();
  for (const [table, cols] of all) {
    const key = keyOf.get(table) ?? cols;
    result.set(
      table,
      key
        .map((c) => (TEXTUAL.has(typeOf.get(`${table}.${c}`) ?? "") ? `${quote(c)} COLLATE "C"` : quote(c)))
        .join(", "),
    );
  }
  return result;
}

/** The tables to dump, parents first (by name where foreign keys leave a choice), derived counts last. */
export async function tablesInOrder(sql: Sql): Promise<TableInfo[]> {
  const names = (
    await sql.query("SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
  )
    .map((r) => String(r.t))
    .filter((t) => !NOT_ROWS.has(t) && !DERIVED.includes(t));
  const edges = await sql.query(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent FROM pg_constraint c
     JOIN pg_namespace ns ON ns.oid = c.connamespace WHERE c.contype = 'f' AND ns.nspname = current_schema()`,
  );
  const ordered: string[] = [];
  const pending = new Set(names);
  while (pending.size > 0) {
    const ready = [...pending].find(
      (t) => !edges.some((e) => e.child === t && e.parent !== t && pending.has(String(e.parent))),
    );
    if (!ready) throw new Error(`foreign keys form a cycle among ${[...pending].join(", ")}`);
    ordered.push(ready);
    pending.delete(ready);
  }
  const order = await orderings(sql);
  const present = new Set(order.keys());
  return [...ordered, ...DERIVED.filter((t) => present.has(t))].map((name) => ({ name, orderBy: order.get(name)! }));
}

/** The last migration applied: the schema version a snapshot is taken at. */
export async function schemaVersion(sql: Sql): Promise<string | null> {
  const [exists] = await sql.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS e");
  if (!exists?.e) return null;
  const [row] = await sql.query("SELECT max(version) AS v FROM schema_migrations");
  return row?.v ? String(row.v) : null;
}
