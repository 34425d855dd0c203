import type { MessageKey } from "@/lib/i18n/messages";
import { channelProblems, EMAIL, hasControl } from "@/lib/register/tenancies/rules";
import { writtenConsentOfCell, type WrittenConsent } from "@/lib/register/tenancies/consent";
import type { TenancyResident } from "@/lib/register/tenancies/history";
import type { Person } from "@/lib/register/tenancies/person";
import {
  channelOf,
  NAME_COLUMNS,
  UNIT_FIELDS,
  type Channel,
  type ColumnMap,
  type UnitColumn,
  type UnitField,
} from "./columns";
import type { CsvRecord } from "./csv";
import { parseDate } from "./dates";
import { isCompany, salutationOf, splitName } from "./names";

/**
 * One row of the register as a file gives it (docs/api.md, "The unit register"): the unit's own
 * fields and one tenancy, and the rules every unit and resident keeps whichever way they come (the
 * import's rows and the page's edit run the same checks): a unit number, a valid e-mail where the
 * channel is e-mail, a postal address where it is post, and a way to reach a portal resident with
 * their link (by e-mail, else by letter). A field the file has no column for is absent, so that
 * the stored value stays.
 */

export type Cells = Partial<Record<UnitColumn, string | null>>;
export type UnitFields = Record<UnitField, string | null>;
/** A tenancy as one row gives it; a field is absent (undefined) where the file has no column for it. */
export type RowTenancy = {
  /** The resident the row names; absent when the file has no name column, null when its cells are empty. */
  person?: Person | null;
  /** The name came from the one `Bewohner` column (its parts are a guess). */
  oneColumn: boolean;
  /** The file has an `Anrede` column (without one, a stored salutation stays). */
  salutationColumn: boolean;
  email?: string | null;
  /** null: the cell is empty (post, as §6a HeizkostenV has it, unless the resident chose otherwise). */
  channel?: Channel | null;
  /** The resident's written agreement to the digital channel (`Einwilligung`: its day, then a reference). */
  consent?: WrittenConsent | null;
  postalAddress?: string | null;
  moveIn?: string | null;
  moveOut?: string | null;
  /** The property software's number of the tenancy's contract: what matches a row to its stored tenancy first. */
  contract?: string | null;
};
export type Problem = { column: UnitColumn; message: MessageKey; vars?: Record<string, string | number> };
export type ReadRow = { fields: Partial<UnitFields>; tenancy: RowTenancy; problems: Problem[] };

const LONG = 200;
/** Longest cell of each kind: enough for any real register, bounded for an untrusted file. */
export const MAX_LENGTH: Record<UnitColumn, number> = {
  mscnumber: 64,
  pmnumber: 64,
  billingunit: 64,
  property: LONG,
  address: LONG,
  label: LONG,
  resident: LONG,
  salutation: 40,
  firstName: LONG,
  lastName: LONG,
  company: LONG,
  email: 254,
  channel: 20,
  consent: LONG,
  postalAddress: 500,
  street: LONG,
  houseNumber: 20,
  postcode: 20,
  city: LONG,
  moveIn: 20,
  moveOut: 20,
  contract: 64,
};

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

/** Length and character problems of the cells as given (hasControl: a postal address alone keeps its line breaks). */
export function cellProblems(cells: Cells): Problem[] {
  const problems: Problem[] = [];
  for (const [column, value] of Object.entries(cells) as [UnitColumn, string | null][]) {
    if (value === null) continue;
    if (value.length > MAX_LENGTH[column])
      problems.push({ column, message: "unitsApi.row.tooLong", vars: { max: MAX_LENGTH[column] } });
    else if (hasControl(value, column === "postalAddress")) problems.push({ column, message: "unitsApi.row.control" });
  }
  return problems;
}

/** What is wrong with a resident as stored: the channel's needs and the e-mail's form (lib/register/tenancies/rules.ts). */
export const residentProblems = (r: Pick<TenancyResident, "email" | "channel" | "postalAddress">): Problem[] =>
  channelProblems(r).map((p) => ({ column: p.field as "email" | "postalAddress", message: p.message }));

/** The resident's name: the parts where any is given, else the one column split; null when all are empty. */
function personOf(cells: Cells): { person: Person | null; oneColumn: boolean } {
  const { salutation = null, firstName = null, resident = null } = cells;
  let { lastName = null, company = null } = cells;
  // Exports often put a company into the last name: with a legal form and no first name, it is one.
  if (!firstName && !company && lastName && isCompany(lastName)) [company, lastName] = [lastName, null];
  if (firstName || lastName || company) {
    const personal = [firstName, lastName].filter(Boolean).join(" ");
    const name = personal || company!;
    return {
      person: { name, salutation: salutation && salutationOf(salutation), firstName, lastName, company },
      oneColumn: false,
    };
  }
  if (resident) {
    const split = splitName(resident);
    return {
      person: { ...split, salutation: salutation ? salutationOf(salutation) : split.salutation },
      oneColumn: true,
    };
  }
  return { person: null, oneColumn: false };
}

/** `Anschrift`, else `Straße Nr` and `PLZ Ort` as two lines; null when all are empty. */
function postalOf(cells: Cells, problems: Problem[]): string | null {
  if (cells.postalAddress) return cells.postalAddress;
  const { street = null, houseNumber = null, postcode = null, city = null } = cells;
  if (!street && !houseNumber && !postcode && !city) return null;
  if (!street) problems.push({ column: "street", message: "unitsApi.row.addressIncomplete" });
  if (!city) problems.push({ column: "city", message: "unitsApi.row.addressIncomplete" });
  const address = `${[street, houseNumber].filter(Boolean).join(" ")}\n${[postcode, city].filter(Boolean).join(" ")}`;
  if (address.length > MAX_LENGTH.postalAddress)
    problems.push({ column: "street", message: "unitsApi.row.tooLong", vars: { max: MAX_LENGTH.postalAddress } });
  return address;
}

function dateOf(cells: Cells, column: "moveIn" | "moveOut", problems: Problem[]): string | null | undefined {
  if (!(column in cells)) return undefined;
  const cell = cells[column] ?? null;
  if (cell === null) return null;
  const day = parseDate(cell);
  if (day === undefined) problems.push({ column, message: "unitsApi.row.badDate", vars: { value: cell } });
  return day ?? null;
}

const has = (cells: Cells, columns: readonly UnitColumn[]) => columns.some((c) => c in cells);

/** The tenancy of a row's cells (already cleaned), with the problems of its cells. */
function tenancyOf(cells: Cells, problems: Problem[]): RowTenancy {
  const t: RowTenancy = { oneColumn: false, salutationColumn: "salutation" in cells };
  if (has(cells, NAME_COLUMNS)) Object.assign(t, personOf(cells));
  if ("email" in cells) {
    t.email = cells.email ?? null;
    if (t.email !== null && !EMAIL.test(t.email)) problems.push({ column: "email", message: "unitsApi.row.badEmail" });
  }
  if ("channel" in cells) {
    const word = cells.channel ?? null;
    const channel = word === null ? null : channelOf(word);
    if (channel === undefined)
      problems.push({ column: "channel", message: "unitsApi.row.badChannel", vars: { value: word! } });
    t.channel = channel ?? null;
  }
  if ("consent" in cells) {
    const consent = writtenConsentOfCell(cells.consent ?? null, parseDate);
    if (consent === undefined)
      problems.push({ column: "consent", message: "unitsApi.row.badConsent", vars: { value: cells.consent! } });
    t.consent = consent ?? null;
  }
  if (has(cells, ["postalAddress", "street", "houseNumber", "postcode", "city"]))
    t.postalAddress = postalOf(cells, problems);
  t.moveIn = dateOf(cells, "moveIn", problems);
  t.moveOut = dateOf(cells, "moveOut", problems);
  if ("contract" in cells) t.contract = cells.contract ?? null;
  return t;
}

/** A row from cells already cleaned: the unit's fields the file has columns for, its tenancy, every problem of its cells. */
export function readRow(cells: Cells): ReadRow {
  const problems = cellProblems(cells);
  const fields: Partial<UnitFields> = {};
  for (const f of UNIT_FIELDS) if (f in cells) fields[f] = cells[f] ?? null;
  if (!cells.mscnumber && !cells.pmnumber) problems.push({ column: "mscnumber", message: "unitsApi.row.noNumber" });
  const tenancy = tenancyOf(cells, problems);
  // A resident's details without a name cannot be anyone's (a vacancy has a move-in and nothing else).
  const details = cells.email || cells.channel || tenancy.postalAddress;
  if (tenancy.person === null && details) problems.push({ column: "resident", message: "unitsApi.row.nameMissing" });
  return { fields, tenancy, problems };
}

/** The cells of one record by the header's map, cleaned. */
export function cellsOfRecord(record: CsvRecord, columns: ColumnMap): Cells {
  const cells: Cells = {};
  for (const [column, { index }] of columns) cells[column] = cleanCell(record.fields[index] ?? "", column);
  return cells;
}

/** The register's key of a unit: its `mscnumber`, else its `pmnumber` (docs/api.md). */
export const unitKey = (u: { mscnumber: string | null; pmnumber: string | null }): string =>
  u.mscnumber ? `m:${u.mscnumber}` : `p:${u.pmnumber ?? ""}`;
