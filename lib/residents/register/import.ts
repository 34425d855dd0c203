import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { actorOf, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { units } from "@/lib/db/schema/units";
import { AppError } from "@/lib/errors";
import { translate, type Locale } from "@/lib/i18n/messages";
import { mapHeader, type ColumnMap } from "./columns";
import { CsvError, readRegisterCsv, type CsvRecord } from "./csv";
import { plan, readGiven, summarise, type Planned, type RowError, type UnitChange } from "./plan";
import type { UnitInput } from "./rows";
import { loadRegister, type StoredUnit } from "./stored";
import { eventLoopTurns, nextTurn } from "./turns";

export type { RowError, UnitChange } from "./plan";

/**
 * `PUT /api/units` (docs/api.md, "The unit register"). A column the file lacks leaves its field as it is, so a file of
 * numbers and e-mails wipes no addresses; the dry run matches under the same lock as the write, so both report alike.
 * Cells are cleaned before the lock, and long steps yield (turns.ts) with bounded statements, so the largest file
 * (issue #32) does not hold up other requests.
 */

export const MAX_REGISTER_BYTES = 10 * 1024 * 1024;
export const MAX_REGISTER_ROWS = 100_000;
/** Errors listed in an answer: a broken file of 100,000 rows would otherwise answer tens of megabytes. */
export const MAX_LISTED_ERRORS = 1000;
/** Rows per statement when the import writes or deletes: about 25 ms each with the embedded database. */
const WRITE_BATCH = 500;

export type ImportReport = {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  /**
   * The first MAX_LISTED_ERRORS errors in the file's order; `moreErrors` (only when there are) says how many the list
   * leaves out.
   */
  errors: RowError[];
  moreErrors?: number;
  /** The first MAX_LISTED_CHANGES changes in the file's order, then the deletions; the counts hold them all. */
  changes: UnitChange[];
};
type Principal = { id: string; email: string };

function headerProblems(
  header: CsvRecord | null,
  columns: ColumnMap,
  duplicates: string[],
  locale: Locale,
): RowError[] {
  if (!header) return [{ line: 1, message: translate(locale, "unitsApi.file.empty") }];
  if (duplicates.length > 0)
    return duplicates.map((h) => ({
      line: header.line,
      column: h,
      message: translate(locale, "unitsApi.file.duplicateColumn"),
    }));
  if (!columns.has("mscnumber") && !columns.has("pmnumber"))
    return [{ line: header.line, message: translate(locale, "unitsApi.file.noNumberColumn") }];
  return [];
}

const residentColumns = (u: UnitInput) => ({
  resident_name: u.resident?.name ?? null,
  resident_email: u.resident?.email ?? null,
  channel: u.resident?.channel ?? null,
  postal_address: u.resident?.postalAddress ?? null,
});

/**
 * Inserts and updates in batches, a turn of the event loop between them; a new resident (another name) starts
 * `resident_since` again.
 */
async function write(tx: Db, userId: string, changes: Planned[]) {
  for (let i = 0; i < changes.length; i += WRITE_BATCH) {
    if (i > 0) await nextTurn();
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

/**
 * Deletes the units the file left out (found under the lock, so no other import adds one
 * meanwhile) by id in bounded batches; how many went. The one statement before, `unit_key =
 * ANY(keys)` over every key of the file, failed: drizzle sends an array as one parameter per item.
 */
async function deleteUnits(tx: Db, userId: string, deleted: StoredUnit[]): Promise<number> {
  let count = 0;
  for (let i = 0; i < deleted.length; i += WRITE_BATCH) {
    if (i > 0) await nextTurn();
    const ids = deleted.slice(i, i + WRITE_BATCH).map((u) => u.id);
    const gone = await tx
      .delete(units)
      .where(and(eq(units.userId, userId), inArray(units.id, ids)))
      .returning({ id: units.id });
    count += gone.length;
  }
  return count;
}

async function readFile(bytes: Uint8Array, turn: () => Promise<void> | undefined) {
  try {
    return await readRegisterCsv(bytes, MAX_REGISTER_ROWS, turn);
  } catch (err) {
    if (err instanceof CsvError && err.reason === "tooManyRows")
      throw new AppError(413, "too_many_rows", "unitsApi.tooManyRows", {
        vars: { max: MAX_REGISTER_ROWS.toLocaleString("de-DE") },
      });
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
  const turn = eventLoopTurns();
  const file = await readFile(input.bytes, turn);
  const empty = { rows: 0, created: 0, updated: 0, unchanged: 0, deleted: 0, changes: [] };
  if ("failed" in file)
    return {
      status: 400,
      report: {
        ...empty,
        errors: [{ line: file.failed, message: translate(input.locale, "unitsApi.file.unclosedQuote") }],
      },
    };
  const { columns, duplicates } = mapHeader(file.header?.fields ?? []);
  const broken = headerProblems(file.header, columns, duplicates, input.locale);
  if (broken.length > 0) return { status: 400, report: { ...empty, rows: file.records.length, errors: broken } };
  const given = await readGiven(file.records, columns, turn);

  const report = await db.transaction(async (tx) => {
    // One import per user at a time: the plan is made from the register this transaction writes to.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`units:${user.id}`}))`);
    const register = await loadRegister(tx, user.id);
    const { errors, planned, mentioned } = await plan(given, columns, register, input.locale, turn);
    const { writes, deleted, counts, changes } = await summarise(planned, register, mentioned, input.replace, turn);
    const listed = {
      errors: errors.slice(0, MAX_LISTED_ERRORS),
      ...(errors.length > MAX_LISTED_ERRORS && { moreErrors: errors.length - MAX_LISTED_ERRORS }),
    };
    const result: ImportReport = { rows: file.records.length, ...counts, ...listed, changes };
    if (input.dryRun) return result;
    await write(tx, user.id, writes);
    if (counts.deleted > 0) result.deleted = await deleteUnits(tx, user.id, deleted);
    // Counts and the file's form only: never a row, since rows carry residents' names.
    await recordEvent(tx, {
      kind: "units.import",
      actor: actorOf(user),
      detail: {
        rows: result.rows,
        ...counts,
        errors: errors.length,
        encoding: file.encoding,
        separator: file.separator,
        replace: input.replace,
      },
    });
    return result;
  });
  // A file with only errors answers 400 (docs/api.md); one with some valid rows applied them.
  const valid = report.created + report.updated + report.unchanged;
  return { status: report.errors.length > 0 && valid === 0 ? 400 : 200, report };
}
