import type { MessageKey } from "@/lib/i18n/messages";
import { channelOf, UNIT_COLUMNS, type Channel, type ColumnMap, type UnitColumn } from "./columns";
import type { CsvRecord } from "./csv";

/**
 * One unit of the register as a person or a file gives it, and the rules every unit keeps
 * whichever way it comes (the import's rows and the page's edit run the same checks): a unit
 * number, a valid e-mail where the channel is e-mail, a postal address where it is post, and a
 * way to reach a portal resident with their link (by e-mail, else by letter).
 */

export type Resident = { name: string; email: string | null; channel: Channel; postalAddress: string | null };
export type UnitInput = {
  mscnumber: string | null;
  pmnumber: string | null;
  property: string | null;
  address: string | null;
  label: string | null;
  resident: Resident | null;
};

export type Problem = { column: UnitColumn; message: MessageKey; vars?: Record<string, string | number> };

/** Longest cell of each kind: enough for any real register, bounded for an untrusted file. */
export const MAX_LENGTH: Record<UnitColumn, number> = {
  mscnumber: 64,
  pmnumber: 64,
  property: 200,
  address: 200,
  label: 200,
  resident: 200,
  email: 254,
  channel: 20,
  postalAddress: 500,
};

const EMAIL = /^[^\s@"<>(),;:]+@[^\s@"<>(),;:]+\.[^\s@"<>(),;:]+$/;
// Control characters (C0 with tab and line breaks, DEL, C1), line and paragraph separators and bidi
// overrides have no place in a register: they break a mail's lines and a letter's address, or
// reorder what a reader sees. A postal address alone keeps its line breaks (\n, as cleanCell joins them).
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

/**
 * A cell as the register keeps it: trimmed, and without the `'` our own export puts before a cell
 * a spreadsheet would run as a formula (so that a round trip through the export changes nothing).
 * A postal address keeps its lines, each trimmed, empty ones dropped.
 */
export function cleanCell(raw: string, column: UnitColumn): string | null {
  const cell = raw.trim().replace(FORMULA_GUARD, "");
  const text =
    column === "postalAddress"
      ? cell
          .split(/\r\n|\r|\n/)
          .map((l) => l.trim())
          .filter(Boolean)
          .join("\n")
      : cell;
  return text === "" ? null : text;
}

/** What is wrong with a unit (empty when nothing is). */
export function unitProblems(unit: UnitInput): Problem[] {
  const problems: Problem[] = [];
  if (!unit.mscnumber && !unit.pmnumber) problems.push({ column: "mscnumber", message: "unitsApi.row.noNumber" });
  const r = unit.resident;
  if (!r) return problems;
  if (r.email !== null && !EMAIL.test(r.email)) problems.push({ column: "email", message: "unitsApi.row.badEmail" });
  if (r.channel === "email" && r.email === null)
    problems.push({ column: "email", message: "unitsApi.row.emailMissing" });
  if (r.channel === "post" && r.postalAddress === null)
    problems.push({ column: "postalAddress", message: "unitsApi.row.addressMissing" });
  if (r.channel === "portal" && r.email === null && r.postalAddress === null)
    problems.push({ column: "email", message: "unitsApi.row.portalUnreachable" });
  return problems;
}

/** Length and character problems of the cells as given. */
function cellProblems(cells: Partial<Record<UnitColumn, string | null>>): Problem[] {
  const problems: Problem[] = [];
  for (const [column, value] of Object.entries(cells) as [UnitColumn, string | null][]) {
    if (value === null) continue;
    if (value.length > MAX_LENGTH[column])
      problems.push({ column, message: "unitsApi.row.tooLong", vars: { max: MAX_LENGTH[column] } });
    else if (CONTROL.test(column === "postalAddress" ? value.replaceAll("\n", "") : value))
      problems.push({ column, message: "unitsApi.row.control" });
  }
  return problems;
}

/**
 * The resident of a row: none when every resident cell is empty; the channel post when it is left
 * empty, as §6a HeizkostenV has it (paper unless the resident chose a digital way).
 */
function residentOf(cells: Partial<Record<UnitColumn, string | null>>, problems: Problem[]): Resident | null {
  const { resident: name = null, email = null, channel: word = null, postalAddress = null } = cells;
  if (name === null && email === null && word === null && postalAddress === null) return null;
  if (name === null) problems.push({ column: "resident", message: "unitsApi.row.nameMissing" });
  const channel = word === null ? "post" : channelOf(word);
  if (!channel) problems.push({ column: "channel", message: "unitsApi.row.badChannel", vars: { value: word ?? "" } });
  return { name: name ?? "", email, channel: channel ?? "post", postalAddress };
}

/** A unit from cells already cleaned (a record's, or the page's edit), with every problem. */
export function unitFromCells(cells: Partial<Record<UnitColumn, string | null>>): {
  unit: UnitInput;
  problems: Problem[];
} {
  const problems = cellProblems(cells);
  const resident = residentOf(cells, problems);
  const unit: UnitInput = {
    mscnumber: cells.mscnumber ?? null,
    pmnumber: cells.pmnumber ?? null,
    property: cells.property ?? null,
    address: cells.address ?? null,
    label: cells.label ?? null,
    resident,
  };
  // With a channel we cannot read, what it would require is unknown: that one problem is enough.
  if (problems.some((p) => p.column === "channel")) return { unit, problems };
  return { unit, problems: [...problems, ...unitProblems(unit)] };
}

/** The cells of one record by the header's map, cleaned. */
export function cellsOfRecord(record: CsvRecord, columns: ColumnMap): Partial<Record<UnitColumn, string | null>> {
  const cells: Partial<Record<UnitColumn, string | null>> = {};
  for (const [column, { index }] of columns) cells[column] = cleanCell(record.fields[index] ?? "", column);
  return cells;
}

/** A unit as one value per column (the channel as its key, e.g. `email`). */
export function cellsOfUnit(u: UnitInput): Record<UnitColumn, string | null> {
  return {
    mscnumber: u.mscnumber,
    pmnumber: u.pmnumber,
    property: u.property,
    address: u.address,
    label: u.label,
    resident: u.resident?.name ?? null,
    email: u.resident?.email ?? null,
    channel: u.resident?.channel ?? null,
    postalAddress: u.resident?.postalAddress ?? null,
  };
}

/** The columns in which two units differ (a resident's columns when one has none and the other has). */
export function changedColumns(a: UnitInput, b: UnitInput): UnitColumn[] {
  const [x, y] = [cellsOfUnit(a), cellsOfUnit(b)];
  return UNIT_COLUMNS.filter((c) => x[c] !== y[c]);
}

/** The register's key of a unit: its `mscnumber`, else its `pmnumber` (docs/api.md). */
export const unitKey = (u: Pick<UnitInput, "mscnumber" | "pmnumber">): string =>
  u.mscnumber ? `m:${u.mscnumber}` : `p:${u.pmnumber ?? ""}`;
