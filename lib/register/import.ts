import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { analyzeAfterBulkWrite } from "@/lib/db/statistics";
import { AppError } from "@/lib/errors";
import { translate, type Locale } from "@/lib/i18n/messages";
import { eraseExpired } from "@/lib/register/tenancies/erase";
import { lockRegister, registerChange, serialised, writesInSlices } from "@/lib/register/tenancies/lock";
import { today } from "@/lib/today";
import { mapHeader, NAME_COLUMNS, type ColumnMap } from "./columns";
import { CsvError, readRegisterCsv, type CsvRecord } from "./csv";
import { plan, readGiven, summarise, type Given, type RowError, type UnitChange } from "./plan";
import { MAX_REGISTER_ROWS } from "./limits";
import type { HistoryMode } from "./merge";
import { previewOf, settlePreview, type PreviewRow } from "./preview";
import { loadRegister } from "./stored";
import { queueReports, wakeReports } from "@/lib/register/reporter";
import { eventLoopTurns, nextTurn } from "./turns";
import { deleteUnits, writeChanges, type Slice } from "./write";

export type { ListedHistoryChange, RowError, UnitChange } from "./plan";
export type { PreviewRow } from "./preview";

/**
 * `PUT /api/units` (docs/api.md, "The unit register"). Several rows of one unit are its history of tenancies, merged into
 * the stored one (merge.ts). A column the file lacks leaves its field as it is, so a file of numbers and e-mails wipes
 * no addresses; the dry run matches under the same lock as the write, so both report alike. Rows are read before the
 * lock, and long steps yield (turns.ts) with bounded statements, so the largest file (issue #32) does not hold up other
 * requests.
 */

/** Errors listed in an answer: a broken file of 100,000 rows would otherwise answer tens of megabytes. */
export const MAX_LISTED_ERRORS = 1000;
/** Units whose reports are queued in one transaction. */
const REPORT_BATCH = 2000;

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
  /** The first rows' values as the import reads them (residents' data: the register's own answer only). */
  preview: PreviewRow[];
  /** The headers of columns the import does not use, as the file writes them. */
  unusedColumns: string[];
  /** Units refused for contradicting their stored history that `history=replace` would take (only when there are). */
  replaceable?: number;
};
function headerProblems(
  header: CsvRecord | null,
  columns: ColumnMap,
  duplicates: string[],
  input: { locale: Locale; history: HistoryMode },
): RowError[] {
  const { locale } = input;
  if (!header) return [{ line: 1, message: translate(locale, "unitsApi.file.empty") }];
  if (duplicates.length > 0)
    return duplicates.map((h) => ({
      line: header.line,
      column: h,
      message: translate(locale, "unitsApi.file.duplicateColumn"),
    }));
  if (!columns.has("mscnumber") && !columns.has("pmnumber"))
    return [{ line: header.line, message: translate(locale, "unitsApi.file.noNumberColumn") }];
  if (input.history === "replace" && !NAME_COLUMNS.some((c) => columns.has(c)))
    return [{ line: header.line, message: translate(locale, "unitsApi.file.replaceNeedsNames") }];
  return [];
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

type Read = {
  given: Given[];
  columns: ColumnMap;
  file: { records: unknown[]; encoding: string; separator: string };
  input: ImportInput;
  seen: Pick<ImportReport, "preview" | "unusedColumns">;
};
/** `replace`: units the file leaves out go; `history`: whether the file's rows merge into or replace the named units' histories. */
type ImportInput = { dryRun: boolean; replace: boolean; history: HistoryMode; locale: Locale };

/**
 * The register's plan from what `reader` reads, and unless a dry run its writes, each batch through `slice`. Under
 * the register's lock (./lock.ts): no other change of this user's register runs meanwhile.
 */
async function applyFile(reader: Db, slice: Slice, p: Principal, r: Read): Promise<ImportReport> {
  const turn = eventLoopTurns();
  const register = await loadRegister(reader, p);
  const { locale, history } = r.input;
  const watch = new Set(r.seen.preview.map((p) => p.line));
  const { errors, planned, mentioned, replaceable, channels } = await plan(
    r.given,
    r.columns,
    register,
    { locale, today: today(), history, watch },
    turn,
  );
  const { writes, deleted, counts, changes } = await summarise(
    planned,
    register,
    mentioned,
    { replace: r.input.replace, locale },
    turn,
  );
  const listed = {
    errors: errors.slice(0, MAX_LISTED_ERRORS),
    ...(errors.length > MAX_LISTED_ERRORS && { moreErrors: errors.length - MAX_LISTED_ERRORS }),
  };
  const seen = { ...r.seen, preview: settlePreview(r.seen.preview, r.given, channels, locale) };
  const result: ImportReport = {
    rows: r.file.records.length,
    ...counts,
    ...listed,
    changes,
    ...seen,
    ...(replaceable > 0 && { replaceable }),
  };
  if (r.input.dryRun) return result;
  const { unitIds, ...tenancies } = await writeChanges(slice, p, writes);
  // Each written unit whose reported state changed is reported (lib/onsite-roles); the same state is not.
  for (let i = 0; i < unitIds.length; i += REPORT_BATCH) {
    if (i > 0) await nextTurn();
    await slice((tx) => queueReports(tx, p, unitIds.slice(i, i + REPORT_BATCH)));
  }
  if (counts.deleted > 0) result.deleted = await deleteUnits(slice, p, deleted);
  // Counts and the file's form only: never a row, since rows carry residents' names.
  await slice((tx) =>
    recordEvent(tx, {
      kind: "units.import",
      actor: principalActor(p),
      detail: {
        rows: result.rows,
        ...counts,
        ...tenancies,
        errors: errors.length,
        encoding: r.file.encoding,
        separator: r.file.separator,
        replace: r.input.replace,
        history,
      },
    }),
  );
  return result;
}

/** Checks the register file and, unless `dryRun`, applies it; audited without a single resident's data. */
export async function importRegister(
  db: Db,
  p: Principal,
  input: ImportInput & { bytes: Uint8Array },
): Promise<{ status: 200 | 400; report: ImportReport }> {
  const turn = eventLoopTurns();
  const file = await readFile(input.bytes, turn);
  const empty = {
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    deleted: 0,
    changes: [],
    preview: [],
    unusedColumns: [],
  };
  if ("failed" in file)
    return {
      status: 400,
      report: {
        ...empty,
        errors: [{ line: file.failed, message: translate(input.locale, "unitsApi.file.unclosedQuote") }],
      },
    };
  const { columns, duplicates, unused } = mapHeader(file.header?.fields ?? []);
  const broken = headerProblems(file.header, columns, duplicates, input);
  if (broken.length > 0)
    return {
      status: 400,
      report: { ...empty, rows: file.records.length, errors: broken, unusedColumns: unused },
    };
  const given = await readGiven(file.records, columns, turn);
  const seen = { preview: previewOf(given), unusedColumns: unused };

  const { bytes: _bytes, ...options } = input;
  const apply = (reader: Db, slice: Slice) =>
    applyFile(reader, slice, p, { given, columns, file, input: options, seen });
  // Embedded: the register read and planned statement by statement, written in short transactions (writesInSlices).
  const report = writesInSlices()
    ? await serialised(p, () =>
        apply(db, (work) =>
          db.transaction(async (tx) => {
            await lockRegister(tx, p);
            return work(tx);
          }),
        ),
      )
    : await registerChange(db, p, (tx) => apply(tx, (work) => work(tx)));
  // A former resident whose move-out the file gives beyond the retention is not kept (RESIDENT_RETENTION_MONTHS).
  if (!input.dryRun && report.created + report.updated > 0) {
    await eraseExpired(db);
    wakeReports();
  }
  // A large import is analyzed before the answer (the embedded database never does it by itself): the register and month
  // pages read next, this user's and everyone else's, plan with its statistics.
  if (!input.dryRun)
    await analyzeAfterBulkWrite(db, ["units", "tenancies"], report.created + report.updated + report.deleted);
  // A file with only errors answers 400 (docs/api.md); one with some valid rows applied them.
  const valid = report.created + report.updated + report.unchanged;
  return { status: report.errors.length > 0 && valid === 0 ? 400 : 200, report };
}
