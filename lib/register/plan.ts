import "server-only";
import { translate, type Locale } from "@/lib/i18n/messages";
import { GERMAN_HEADERS, NAME_COLUMNS, UNIT_FIELDS, type Channel, type ColumnMap, type UnitColumn } from "./columns";
import type { CsvRecord } from "./csv";
import { historyText } from "./history-text";
import {
  historyWrites,
  mergeHistory,
  type HistoryChange,
  type HistoryMode,
  type LineProblem,
  type Merged,
} from "./merge";
import { cellsOfRecord, readRow, unitKey, type ReadRow, type UnitFields } from "./rows";
import type { StoredUnit } from "./stored";

/**
 * The register import's plan (lib/register/import.ts): each record read before the
 * import takes its lock; then, under it, the records grouped by unit (several rows of one unit are
 * its history), each unit's fields taken from its rows, its history merged into the stored one
 * (merge.ts), checked and classified. A unit with an error in any of its rows changes nothing. Each
 * loop asks `turn` at every row and waits when it hands the event loop a turn (turns.ts), so that
 * 100,000 rows do not hold up other requests.
 */

/** Changes listed one by one in the report. */
const MAX_LISTED_CHANGES = 1000;
/** Changes of one unit's history listed in the report; `moreHistory` counts the rest. */
const MAX_LISTED_HISTORY = 50;

/**
 * `replaceable`: the row's dates contradict the unit's stored tenancies, and its rows would be taken if the file
 * replaced them (`history=replace`).
 */
export type RowError = { line: number; column?: string; message: string; replaceable?: true };
/** A change of a unit's history, with its text in the reader's language ("Einzug korrigiert 01.01.2027 → 15.01.2027"). */
export type ListedHistoryChange = HistoryChange & { message: string };
/**
 * One change the import makes (or would): the page's preview lists them; `columns` are those an
 * update changes, `history` the changes of an existing unit's tenancies (they may name residents:
 * the register's own answer only).
 */
export type UnitChange = {
  line: number | null;
  unit: string;
  change: "created" | "updated" | "deleted";
  columns?: UnitColumn[];
  history?: ListedHistoryChange[];
  moreHistory?: number;
};
type Turn = () => Promise<void> | undefined;
/** A record as the file gives it: its row as read, and its key when it names a number. */
export type Given = { line: number; key: string | null; row: ReadRow };
export type Planned = {
  line: number;
  key: string;
  fields: UnitFields;
  existing: StoredUnit | undefined;
  /** What changes: the unit's fields and its tenancies' columns; empty when nothing does. */
  columns: UnitColumn[];
  inserts: Merged[];
  updates: Merged[];
  /** Stored tenancies the file's history replaces (by id). */
  deletes: string[];
  history: HistoryChange[];
};

/** Every record's row by the header's map, and its key: what does not depend on the register. */
export async function readGiven(records: CsvRecord[], columns: ColumnMap, turn: Turn): Promise<Given[]> {
  const given: Given[] = [];
  for (const record of records) {
    const row = readRow(cellsOfRecord(record, columns));
    const { mscnumber = null, pmnumber = null } = row.fields;
    given.push({ line: record.line, key: mscnumber || pmnumber ? unitKey({ mscnumber, pmnumber }) : null, row });
    const pause = turn();
    if (pause) await pause;
  }
  return given;
}

/** The unit's fields from its rows: a value given on several rows must be the same; a column the file lacks keeps the stored one. */
function fieldsOf(rows: Given[], existing: StoredUnit | undefined, problems: LineProblem[]): UnitFields {
  const fields = {} as UnitFields;
  for (const f of UNIT_FIELDS) {
    const given = rows.filter((g) => f in g.row.fields);
    if (given.length === 0) {
      fields[f] = existing?.[f] ?? null;
      continue;
    }
    const first = given.find((g) => g.row.fields[f]);
    fields[f] = first?.row.fields[f] ?? null;
    for (const g of given)
      if (first && g.row.fields[f] && g.row.fields[f] !== fields[f])
        problems.push({ line: g.line, column: f, message: "unitsApi.row.contradicts", vars: { line: first.line } });
  }
  return fields;
}

/** A row's channel after the merge, and whether its resident objected to a digital one (./preview.ts). */
export type SettledChannel = { channel: Channel; objected: boolean };

type UnitInput = {
  key: string;
  rows: Given[];
  existing: StoredUnit | undefined;
  named: boolean;
  today: string;
  mode: HistoryMode;
  /** The preview's lines, whose channel after the merge goes into `channels`. */
  watch: Set<number>;
  channels: Map<number, SettledChannel>;
};

/** Problems that only say the file's dates contradict stored tenancies: what replacing them would settle. */
const CONTRADICTIONS = new Set<string>(["unitsApi.row.overlapsStored", "unitsApi.row.overlapsVacancy"]);

/**
 * One unit's rows planned: what it changes, or every problem of its rows (`replaceable`: they only
 * contradict the stored tenancies, and none is left if the file replaced them).
 */
function planUnit({ key, rows, existing, named, today, mode, watch, channels }: UnitInput) {
  const problems: LineProblem[] = rows.flatMap((g) => g.row.problems.map((p) => ({ ...p, line: g.line })));
  // Without a name column every row speaks of the present resident: one row per unit.
  if (!named)
    for (const g of rows.slice(1))
      problems.push({
        line: g.line,
        column: g.row.fields.mscnumber ? "mscnumber" : "pmnumber",
        message: "unitsApi.row.repeated",
        vars: { line: rows[0]!.line },
      });
  const fields = fieldsOf(rows, existing, problems);
  if (problems.length > 0) return { problems };
  const stored = existing?.tenancies ?? [];
  const fileRows = rows.map((g) => ({ line: g.line, tenancy: g.row.tenancy }));
  const merged = mergeHistory(stored, fileRows, today, mode);
  if (merged.problems.length > 0) {
    const replaceable =
      mode === "merge" &&
      named &&
      merged.problems.every((p) => CONTRADICTIONS.has(p.message)) &&
      mergeHistory(stored, fileRows, today, "replace").problems.length === 0;
    return { problems: merged.problems, replaceable };
  }
  for (const t of merged.history)
    if (t.line !== undefined && t.resident && watch.has(t.line))
      channels.set(t.line, { channel: t.resident.channel, objected: !!t.resident.objectedAt });
  const { inserts, updates, deletes, columns, changes } = historyWrites(stored, merged.history, merged.removed);
  const changed = UNIT_FIELDS.filter((f) => existing && existing[f] !== fields[f]);
  const planned: Planned = {
    line: rows[0]!.line,
    key,
    fields,
    existing,
    columns: [...changed, ...columns],
    inserts,
    updates,
    deletes,
    history: changes,
  };
  return { planned };
}

/** Every unit of the file checked against the register as it stands; what it would change, and every error. */
export async function plan(
  records: Given[],
  columns: ColumnMap,
  register: Map<string, StoredUnit>,
  options: { locale: Locale; today: string; history: HistoryMode; watch: Set<number> },
  turn: Turn,
) {
  const channels = new Map<number, SettledChannel>();
  const errors: (RowError & { order: number })[] = [];
  const planned: Planned[] = [];
  const byUnit = new Map<string, Given[]>();
  const named = NAME_COLUMNS.some((c) => columns.has(c));
  const columnName = (c: UnitColumn) => columns.get(c)?.header ?? GERMAN_HEADERS[c];
  const report = (p: LineProblem, replaceable = false) =>
    errors.push({
      line: p.line,
      column: columnName(p.column),
      message: translate(options.locale, p.message, p.vars),
      ...(replaceable && { replaceable: true as const }),
      order: errors.length,
    });
  let replaceable = 0;
  for (const g of records) {
    const pause = turn();
    if (pause) await pause;
    if (g.key === null) g.row.problems.forEach((p) => report({ ...p, line: g.line }));
    else byUnit.set(g.key, [...(byUnit.get(g.key) ?? []), g]);
  }
  for (const [key, rows] of byUnit) {
    const pause = turn();
    if (pause) await pause;
    const unit = {
      key,
      rows,
      existing: register.get(key),
      named,
      today: options.today,
      mode: options.history,
      watch: options.watch,
      channels,
    };
    const result = planUnit(unit);
    if (result.planned) {
      planned.push(result.planned);
      continue;
    }
    if (result.replaceable) replaceable += 1;
    result.problems.forEach((p) => report(p, result.replaceable));
    // The unit's other rows are not taken either: say so at each of them.
    const failed = new Set(result.problems.map((p) => p.line));
    const first = Math.min(...failed);
    for (const g of rows)
      if (!failed.has(g.line))
        errors.push({
          line: g.line,
          message: translate(options.locale, "unitsApi.row.heldBack", { line: first }),
          order: errors.length,
        });
  }
  errors.sort((a, b) => a.line - b.line || a.order - b.order);
  return {
    errors: errors.map(({ order: _order, ...e }) => e),
    planned,
    mentioned: new Set(byUnit.keys()),
    replaceable,
    channels,
  };
}

const numberOf = (u: Pick<UnitFields, "mscnumber" | "pmnumber">) => u.mscnumber ?? u.pmnumber ?? "";

/** What the plan changes: the units to write, the units to delete, and the report's counts and list. */
/** A unit's history changes as listed, with their texts (at most MAX_LISTED_HISTORY). */
function listedHistory(p: Planned, locale: Locale): Pick<UnitChange, "history" | "moreHistory"> {
  if (p.history.length === 0) return {};
  const history = p.history.slice(0, MAX_LISTED_HISTORY).map((h) => ({ ...h, message: historyText(h, locale) }));
  const more = p.history.length - history.length;
  return { history, ...(more > 0 && { moreHistory: more }) };
}

export async function summarise(
  planned: Planned[],
  register: Map<string, StoredUnit>,
  mentioned: Set<string>,
  options: { replace: boolean; locale: Locale },
  turn: Turn,
) {
  const listed: UnitChange[] = [];
  const writes: Planned[] = [];
  for (const p of planned) {
    const pause = turn();
    if (pause) await pause;
    if (p.existing && p.columns.length === 0) continue;
    writes.push(p);
    if (listed.length < MAX_LISTED_CHANGES)
      listed.push(
        p.existing
          ? {
              line: p.line,
              unit: numberOf(p.fields),
              change: "updated",
              columns: p.columns,
              ...listedHistory(p, options.locale),
            }
          : { line: p.line, unit: numberOf(p.fields), change: "created" },
      );
  }
  // A unit on a legal hold (./hold.ts) is not deleted with the units the file leaves out: no erasure touches it.
  const deleted = options.replace
    ? [...register].filter(([key, u]) => !mentioned.has(key) && u.hold === null).map(([, u]) => u)
    : [];
  listed.push(
    ...deleted
      .slice(0, MAX_LISTED_CHANGES - listed.length)
      .map((u): UnitChange => ({ line: null, unit: numberOf(u), change: "deleted" })),
  );
  const created = writes.filter((p) => !p.existing).length;
  const counts = {
    created,
    updated: writes.length - created,
    unchanged: planned.length - writes.length,
    deleted: deleted.length,
  };
  return { writes, deleted, counts, changes: listed };
}
