import "server-only";
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { ident, type Sql, type TableInfo } from "./catalog";

/**
 * A table's rows as NDJSON, one `row_to_json` line per row in the table's fixed order. The
 * database writes every value in its own JSON form (bytea as \x hex, jsonb as JSON, timestamps as
 * ISO 8601 in UTC, bigint as exact digits) and reads it back with `json_populate_recordset`, so
 * no value passes through a JavaScript number or Date on the way.
 */

const FETCH_ROWS = 500;
/** A batch of rows inserted by one statement: this many rows or about this many bytes of JSON. */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 8 * 1024 * 1024;

export type TableDigest = { rows: number; sha256: string };

/** The session settings both dump and verification read under: values print the same on both engines. */
export async function fixOutput(sql: Sql): Promise<void> {
  await sql.query("SET LOCAL TIME ZONE 'UTC'");
  await sql.query("SET LOCAL bytea_output = 'hex'");
}

/** Streams a table's lines to `onLine` through a cursor (inside the caller's transaction). */
async function eachLine(sql: Sql, table: TableInfo, onLine: (line: string) => Promise<void> | void): Promise<void> {
  await sql.query(
    `DECLARE dump_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${ident(table.name)} t ORDER BY ${table.orderBy}`,
  );
  for (;;) {
    const rows = await sql.query(`FETCH ${FETCH_ROWS} FROM dump_rows`);
    for (const r of rows) await onLine(`${String(r.j)}\n`);
    if (rows.length < FETCH_ROWS) break;
  }
  await sql.query("CLOSE dump_rows");
}

/** Writes a table to `file`, returning its row count and the SHA-256 of the file. */
export async function dumpTable(sql: Sql, table: TableInfo, file: string): Promise<TableDigest> {
  const out = createWriteStream(file, { mode: 0o600 });
  const hash = createHash("sha256");
  let rows = 0;
  await eachLine(sql, table, async (line) => {
    hash.update(line);
    rows++;
    if (!out.write(line)) await once(out, "drain");
  });
  out.end();
  await once(out, "close");
  return { rows, sha256: hash.digest("hex") };
}

/** The digest a dump of the table would have: how a restored table is compared with the manifest. */
export async function digestTable(sql: Sql, table: TableInfo): Promise<TableDigest> {
  const hash = createHash("sha256");
  let rows = 0;
  await eachLine(sql, table, (line) => {
    hash.update(line);
    rows++;
  });
  return { rows, sha256: hash.digest("hex") };
}

/** Inserts a table's NDJSON file in batches; `onRows` hears of each batch. */
export async function loadTable(sql: Sql, table: string, file: string, onRows: (n: number) => void): Promise<void> {
  const insert = `INSERT INTO ${ident(table)} SELECT * FROM json_populate_recordset(NULL::${ident(table)}, $1::json)`;
  let batch: string[] = [];
  let chars = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await sql.query(insert, [`[${batch.join(",")}]`]);
    onRows(batch.length);
    batch = [];
    chars = 0;
  };
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    chars += line.length;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  }
  await flush();
}

/** Moves every serial/identity sequence past the highest value loaded, so new rows get fresh ids. */
export async function resetSequences(sql: Sql): Promise<void> {
  const serials = await sql.query(
    `SELECT table_name AS t, column_name AS c, pg_get_serial_sequence(quote_ident(table_name), column_name) AS s
     FROM information_schema.columns WHERE table_schema = current_schema() AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')`,
  );
  for (const { t, c, s } of serials) {
    if (!s) continue;
    const col = ident(String(c));
    await sql.query(
      `SELECT setval($1, COALESCE((SELECT max(${col}) FROM ${ident(String(t))}), 1), (SELECT max(${col}) IS NOT NULL FROM ${ident(String(t))}))`,
      [String(s)],
    );
  }
}
