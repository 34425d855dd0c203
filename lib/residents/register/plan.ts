import "server-only";
import { translate, type Locale } from "@/lib/i18n/messages";
import { CHANNEL_WORDS, GERMAN_HEADERS, type ColumnMap, type UnitColumn } from "./columns";
import type { CsvRecord } from "./csv";
import {
  cellsOfRecord,
  cellsOfUnit,
  changedColumns,
  unitFromCells,
  unitKey,
  type Problem,
  type UnitInput,
} from "./rows";
import type { StoredUnit } from "./stored";

/**
 * The register import's plan (lib/residents/register/import.ts): each record's cells and key, read before the
 * import takes its lock; then, under it, every record merged over its stored unit, checked and
 * classified. Each loop asks `turn` at every row and waits when it hands the event loop a turn
 * (lib/residents/register/turns.ts), so that 100,000 rows do not hold up other requests.
 */

/** Changes listed one by one in the report (unit numbers only, never a resident's data). */
const MAX_LISTED_CHANGES = 1000;

export type RowError = { line: number; column?: string; message: string };
/** One change the import makes (or would): the page's preview lists them; `columns` are those an update changes. */
export type UnitChange = {
  line: number | null;
  unit: string;
  change: "created" | "updated" | "deleted";
  columns?: UnitColumn[];
};

type Turn = () => Promise<void> | undefined;
type Cells = Partial<Record<UnitColumn, string | null>>;
/** A record as the file gives it: its cells cleaned, and its key when it names a number. */
export type Given = { line: number; key: string | null; cells: Cells };
export type Planned = {
  line: number;
  key: string;
  unit: UnitInput;
  existing: StoredUnit | undefined;
  columns: UnitColumn[];
};

/** The stored unit as cells, the channel in the file's words, so that a column the file lacks keeps its value. */
const cellsOfStored = (u: StoredUnit): Record<UnitColumn, string | null> => ({
  ...cellsOfUnit(u),
  channel: u.resident ? CHANNEL_WORDS[u.resident.channel] : null,
});

const numberOf = (u: Pick<UnitInput, "mscnumber" | "pmnumber">) => u.mscnumber ?? u.pmnumber ?? "";

/** Every record's cells by the header's map, and its key: what does not depend on the register. */
export async function readGiven(records: CsvRecord[], columns: ColumnMap, turn: Turn): Promise<Given[]> {
  const given: Given[] = [];
  for (const record of records) {
    const cells = cellsOfRecord(record, columns);
    const key =
      cells.mscnumber || cells.pmnumber
        ? unitKey({ mscnumber: cells.mscnumber ?? null, pmnumber: cells.pmnumber ?? null })
        : null;
    given.push({ line: record.line, key, cells });
    const pause = turn();
    if (pause) await pause;
  }
  return given;
}

/** Every record checked against the register as it stands; what it would change, and every error. */
export async function plan(
  records: Given[],
  columns: ColumnMap,
  register: Map<string, StoredUnit>,
  locale: Locale,
  turn: Turn,
) {
  const errors: RowError[] = [];
  const planned: Planned[] = [];
  const seen = new Map<string, number>();
  const mentioned = new Set<string>();
  const columnName = (p: Problem) => columns.get(p.column)?.header ?? GERMAN_HEADERS[p.column];
  for (const { line, key, cells } of records) {
    const pause = turn();
    if (pause) await pause;
    if (key) mentioned.add(key);
    const existing = key ? register.get(key) : undefined;
    const { unit, problems } = unitFromCells({ ...(existing ? cellsOfStored(existing) : {}), ...cells });
    const first = key ? seen.get(key) : undefined;
    if (key && first !== undefined)
      problems.push({
        column: cells.mscnumber ? "mscnumber" : "pmnumber",
        message: "unitsApi.row.repeated",
        vars: { line: first },
      });
    if (problems.length > 0) {
      for (const p of problems)
        errors.push({ line, column: columnName(p), message: translate(locale, p.message, p.vars) });
      continue;
    }
    seen.set(key!, line);
    planned.push({ line, key: key!, unit, existing, columns: existing ? changedColumns(unit, existing) : [] });
  }
  return { errors, planned, mentioned };
}

/** What the plan changes: the rows to write, the units to delete, and the report's counts and list. */
export async function summarise(
  planned: Planned[],
  register: Map<string, StoredUnit>,
  mentioned: Set<string>,
  replace: boolean,
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
          ? { line: p.line, unit: numberOf(p.unit), change: "updated", columns: p.columns }
          : { line: p.line, unit: numberOf(p.unit), change: "created" },
      );
  }
  const deleted = replace ? [...register].filter(([key]) => !mentioned.has(key)).map(([, u]) => u) : [];
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
