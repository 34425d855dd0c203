import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { actorOf, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { AppError } from "@/lib/errors";
import { translate, type Locale } from "@/lib/i18n/messages";
import { CHANNEL_WORDS, GERMAN_HEADERS, mapHeader, type ColumnMap, type UnitColumn } from "./columns";
import { CsvError, readRegisterCsv, type CsvRecord } from "./csv";
import { cellsOfRecord, cellsOfUnit, changedColumns, unitFromCells, unitKey, type Problem, type UnitInput } from "./rows";
import { loadRegister, type StoredUnit } from "./stored";

/**
 * `PUT /api/units` (docs/api.md, "The unit register"): a register exported by property-management
 * software, checked row by row and applied in one transaction. A unit is matched by its key
 * (`mscnumber`, else `pmnumber`) among the user's units; a column the file does not have leaves
 * that field as it is, so a file of numbers and e-mails does not wipe the addresses. Rows with
 * errors change nothing; units the file leaves out stay unless `replace`. The dry run does the
 * same reading and matching under the same lock and stops before writing, so both report alike.
 */

export const MAX_REGISTER_BYTES = 10 * 1024 * 1024;
export const MAX_REGISTER_ROWS = 100_000;
/** Changes listed one by one in the report (unit numbers only, never a resident's data). */
const MAX_LISTED_CHANGES = 1000;
/** Errors listed in an answer: a broken file of 100,000 rows would otherwise answer tens of megabytes. */
export const MAX_LISTED_ERRORS = 1000;
/** Rows per statement when the import writes. */
const WRITE_BATCH = 1000;

export type RowError = { line: number; column?: string; message: string };
/** One change the import makes (or would): the page's preview lists them; `columns` are those an update changes. */
export type UnitChange = { line: number | null; unit: string; change: "created" | "updated" | "deleted"; columns?: UnitColumn[] };
export type ImportReport = {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  /** The first MAX_LISTED_ERRORS errors in the file's order; `moreErrors` (only when there are) says how many the list leaves out. */
  errors: RowError[];
  moreErrors?: number;
  /** The first MAX_LISTED_CHANGES changes in the file's order, then the deletions; the counts hold them all. */
  changes: UnitChange[];
};
type Principal = { id: string; email: string };

type Planned = { line: number; key: string; unit: UnitInput; existing: StoredUnit | undefined };

/** The stored unit as cells, the channel in the file's words, so that a column the file lacks keeps its value. */
const cellsOfStored = (u: StoredUnit): Record<UnitColumn, string | null> => ({
  ...cellsOfUnit(u),
  channel: u.resident ? CHANNEL_WORDS[u.resident.channel] : null,
});

const numberOf = (u: Pick<UnitInput, "mscnumber" | "pmnumber">) => u.mscnumber ?? u.pmnumber ?? "";

/** What the plan changes: the rows to write, and the report's counts and list. */
function summarise(planned: Planned[], register: Map<string, StoredUnit>, mentioned: Set<string>, replace: boolean) {
  const listed: UnitChange[] = [];
  const writes: Planned[] = [];
  for (const p of planned) {
    const columns = p.existing ? changedColumns(p.unit, p.existing) : [];
    if (p.existing && columns.length === 0) continue;
    writes.push(p);
    listed.push(
      p.existing ? { line: p.line, unit: numberOf(p.unit), change: "updated", columns } : { line: p.line, unit: numberOf(p.unit), change: "created" },
    );
  }
  const deleted = replace ? [...register].filter(([key]) => !mentioned.has(key)).map(([, u]) => u) : [];
  listed.push(...deleted.map((u): UnitChange => ({ line: null, unit: numberOf(u), change: "deleted" })));
  const created = writes.filter((p) => !p.existing).length;
  const counts = { created, updated: writes.length - created, unchanged: planned.length - writes.length, deleted: deleted.length };
  return { writes, counts, changes: listed.slice(0, MAX_LISTED_CHANGES) };
}

function headerProblems(header: CsvRecord | null, columns: ColumnMap, duplicates: string[], locale: Locale): RowError[] {
  if (!header) return [{ line: 1, message: translate(locale, "unitsApi.file.empty") }];
  if (duplicates.length > 0) return duplicates.map((h) => ({ line: header.line, column: h, message: translate(locale, "unitsApi.file.duplicateColumn") }));
  if (!columns.has("mscnumber") && !columns.has("pmnumber")) return [{ line: header.line, message: translate(locale, "unitsApi.file.noNumberColumn") }];
  return [];
}

/** Every record checked against the register as it stands; what it would change, and every error. */
function plan(records: CsvRecord[], columns: ColumnMap, register: Map<string, StoredUnit>, locale: Locale) {
  const errors: RowError[] = [];
  const planned: Planned[] = [];
  const seen = new Map<string, number>();
  const mentioned = new Set<string>();
  const columnName = (p: Problem) => columns.get(p.column)?.header ?? GERMAN_HEADERS[p.column];
  for (const record of records) {
    const given = cellsOfRecord(record, columns);
    const key = given.mscnumber || given.pmnumber ? unitKey({ mscnumber: given.mscnumber ?? null, pmnumber: given.pmnumber ?? null }) : null;
    if (key) mentioned.add(key);
    const existing = key ? register.get(key) : undefined;
    const { unit, problems } = unitFromCells({ ...(existing ? cellsOfStored(existing) : {}), ...given });
    const first = key ? seen.get(key) : undefined;
    if (key && first !== undefined)
      problems.push({ column: given.mscnumber ? "mscnumber" : "pmnumber", message: "unitsApi.row.repeated", vars: { line: first } });
    if (problems.length > 0) {
      for (const p of problems) errors.push({ line: record.line, column: columnName(p), message: translate(locale, p.message, p.vars) });
      continue;
    }
    seen.set(key!, record.line);
    planned.push({ line: record.line, key: key!, unit, existing });
  }
  return { errors, planned, mentioned };
}

const residentColumns = (u: UnitInput) => ({
  resident_name: u.resident?.name ?? null,
  resident_email: u.resident?.email ?? null,
  channel: u.resident?.channel ?? null,
  postal_address: u.resident?.postalAddress ?? null,
});

/** Inserts and updates in batches; a new resident (another name) starts `resident_since` again. */
async function write(tx: Db, userId: string, changes: Planned[]) {
  for (let i = 0; i < changes.length; i += WRITE_BATCH) {
    const rows = changes.slice(i, i + WRITE_BATCH).map(({ key, unit, existing }) => ({
      id: existing?.id ?? randomUUID(),
      unit_key: key,
      mscnumber: unit.mscnumber,
      pmnumber: unit.pmnumber,
      property: unit.property,
      address: unit.address,
      label: unit.label,
      ...residentColumns(unit),
    }));
    await tx.execute(sql`
      INSERT INTO units AS u (id, user_id, unit_key, mscnumber, pmnumber, property, address, label, resident_name, resident_email, channel, postal_address, resident_since)
      SELECT x.id, ${userId}::uuid, x.unit_key, x.mscnumber, x.pmnumber, x.property, x.address, x.label, x.resident_name, x.resident_email, x.channel,
        x.postal_address, CASE WHEN x.resident_name IS NULL THEN NULL ELSE now() END
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(id uuid, unit_key text, mscnumber text, pmnumber text, property text, address text,
        label text, resident_name text, resident_email text, channel text, postal_address text)
      ON CONFLICT (user_id, unit_key) DO UPDATE SET
        mscnumber = excluded.mscnumber, pmnumber = excluded.pmnumber, property = excluded.property, address = excluded.address,
        label = excluded.label, resident_name = excluded.resident_name, resident_email = excluded.resident_email,
        channel = excluded.channel, postal_address = excluded.postal_address,
        resident_since = CASE WHEN excluded.resident_name IS NOT DISTINCT FROM u.resident_name THEN u.resident_since ELSE excluded.resident_since END,
        updated_at = now()`);
  }
}

async function deleteUnmentioned(tx: Db, userId: string, mentioned: Set<string>): Promise<number> {
  const result = await tx.execute(sql`
    DELETE FROM units WHERE user_id = ${userId}::uuid AND NOT (unit_key = ANY(${[...mentioned]}::text[])) RETURNING id`);
  return rowsOf(result).length;
}

function readFile(bytes: Uint8Array) {
  try {
    return readRegisterCsv(bytes, MAX_REGISTER_ROWS);
  } catch (err) {
    if (err instanceof CsvError && err.reason === "tooManyRows")
      throw new AppError(413, "too_many_rows", "unitsApi.tooManyRows", { vars: { max: MAX_REGISTER_ROWS.toLocaleString("de-DE") } });
    if (err instanceof CsvError) return { failed: err.line };
    throw err;
  }
}

/** Checks the register file and, unless `dryRun`, applies it; audited without a single resident's data. */
export async function importRegister(
  db: Db,
  user: Principal,
  input: { bytes: Uint8Array; dryRun: boolean; replace: boolean; locale: Locale },
): Promise<{ status: 200 | 400; report: ImportReport }> {
  const file = readFile(input.bytes);
  const empty = { rows: 0, created: 0, updated: 0, unchanged: 0, deleted: 0, changes: [] };
  if ("failed" in file)
    return { status: 400, report: { ...empty, errors: [{ line: file.failed, message: translate(input.locale, "unitsApi.file.unclosedQuote") }] } };
  const { columns, duplicates } = mapHeader(file.header?.fields ?? []);
  const broken = headerProblems(file.header, columns, duplicates, input.locale);
  if (broken.length > 0) return { status: 400, report: { ...empty, rows: file.records.length, errors: broken } };

  const report = await db.transaction(async (tx) => {
    // One import per user at a time: the plan is made from the register this transaction writes to.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`units:${user.id}`}))`);
    const register = await loadRegister(tx, user.id);
    const { errors, planned, mentioned } = plan(file.records, columns, register, input.locale);
    const { writes, counts, changes } = summarise(planned, register, mentioned, input.replace);
    const listed = { errors: errors.slice(0, MAX_LISTED_ERRORS), ...(errors.length > MAX_LISTED_ERRORS && { moreErrors: errors.length - MAX_LISTED_ERRORS }) };
    const result: ImportReport = { rows: file.records.length, ...counts, ...listed, changes };
    if (input.dryRun) return result;
    await write(tx, user.id, writes);
    if (counts.deleted > 0) result.deleted = await deleteUnmentioned(tx, user.id, mentioned);
    // Counts and the file's form only: never a row, since rows carry residents' names.
    await recordEvent(tx, {
      kind: "units.import",
      actor: actorOf(user),
      detail: { rows: result.rows, ...counts, errors: errors.length, encoding: file.encoding, separator: file.separator, replace: input.replace },
    });
    return result;
  });
  // A file with only errors answers 400 (docs/api.md); one with some valid rows applied them.
  const valid = report.created + report.updated + report.unchanged;
  return { status: report.errors.length > 0 && valid === 0 ? 400 : 200, report };
}
