import type { TenancyResident } from "@/lib/register/tenancies/history";
import { channelInForce } from "@/lib/register/tenancies/consent";
import { fullName } from "@/lib/register/tenancies/person";
import { CHANNEL_WORDS, type Channel, type UnitField, type UnitColumn } from "./columns";
import { splitName } from "./names";
import { cellProblems, cleanCell, residentProblems, type Cells, type Problem, type UnitFields } from "./rows";
import type { UnitEdit } from "./schemas";

/**
 * The page's edit of one unit (`PATCH /api/units/{id}`) as values: the unit's fields and the present
 * resident's details over the stored ones, checked by the import's rules. Pure; register.ts stores it.
 */

type ResidentEdit = NonNullable<UnitEdit["resident"]>;

/** Where a problem of a cell sits in the edit's body. */
export const EDIT_PATH: Partial<Record<UnitColumn, string>> = {
  billingunit: "billingunit",
  property: "property",
  address: "address",
  label: "label",
  resident: "resident.name",
  salutation: "resident.salutation",
  firstName: "resident.firstName",
  lastName: "resident.lastName",
  company: "resident.company",
  email: "resident.email",
  channel: "resident.channel",
  consent: "resident.consent",
  postalAddress: "resident.postalAddress",
};

const edited = (value: string | null | undefined, stored: string | null, column: UnitColumn) =>
  value === undefined ? stored : cleanCell(value ?? "", column);

/** The unit's fields after the edit. */
export function editFields(stored: UnitFields, edit: UnitEdit): UnitFields {
  const fields = { ...stored };
  for (const f of ["billingunit", "property", "address", "label"] as const satisfies UnitField[])
    fields[f] = edited(edit[f], stored[f], f);
  return fields;
}

/** The present resident after the edit: parts given win, else a new `name` is split; the channel's rules hold. */
export function editResident(stored: TenancyResident, edit: ResidentEdit): TenancyResident {
  const partsGiven = edit.firstName !== undefined || edit.lastName !== undefined || edit.company !== undefined;
  const name = edited(edit.name, stored.name, "resident");
  const split = !partsGiven && name !== null && name !== stored.name ? splitName(name) : null;
  const person = {
    salutation: edited(edit.salutation, split?.salutation ?? stored.salutation, "salutation"),
    firstName: split ? split.firstName : edited(edit.firstName, stored.firstName, "firstName"),
    lastName: split ? split.lastName : edited(edit.lastName, stored.lastName, "lastName"),
    company: split ? split.company : edited(edit.company, stored.company, "company"),
  };
  const written = edit.consent && { at: edit.consent.at, reference: edit.consent.reference?.trim() || null };
  const before = { consent: stored.consent ?? null, objectedAt: stored.objectedAt ?? null };
  const { channel, consent } = channelInForce(edit.channel ?? stored.channel, written, before);
  return {
    ...person,
    name: (partsGiven ? fullName(person) : (split?.name ?? name)) ?? "",
    email: edited(edit.email, stored.email, "email"),
    channel,
    postalAddress: edited(edit.postalAddress, stored.postalAddress, "postalAddress"),
    consent,
    objectedAt: before.objectedAt,
  };
}

/** What is wrong with the edited unit and resident (empty when nothing is); `asked`: the channel the edit asked for. */
export function editProblems(fields: UnitFields, resident: TenancyResident | null, asked?: Channel): Problem[] {
  const cells: Cells = { ...fields };
  if (resident) {
    Object.assign(cells, {
      resident: resident.name || null,
      salutation: resident.salutation,
      firstName: resident.firstName,
      lastName: resident.lastName,
      company: resident.company,
      email: resident.email,
      postalAddress: resident.postalAddress,
    });
  }
  const problems = cellProblems(cells);
  if (resident && !resident.name) problems.push({ column: "resident", message: "unitsApi.row.nameMissing" });
  // A digital channel refused for want of consent is the consent's problem only: the letter it falls back to is not
  // what was asked for, so its missing postal address is no problem of the edit (as in the import, ./merge.ts).
  const refused = !!resident && !!asked && asked !== "post" && resident.channel === "post";
  if (resident)
    problems.push(
      ...residentProblems(resident).filter((p) => !(refused && p.message === "unitsApi.row.addressMissing")),
    );
  if (resident && asked && refused)
    problems.push({
      column: "consent",
      message: resident.objectedAt ? "unitsApi.channel.objected" : "tenancies.consentRequired",
      vars: { channel: CHANNEL_WORDS[asked] },
    });
  return problems;
}
