import { z } from "zod";
import { listSchema } from "@/lib/lists/schema";
import { CHANNELS, MIN_RESIDENTS_QUERY, RESIDENTS_LIST, UNITS_LIST } from "@/lib/register/list";
import { Day, WrittenConsentBody } from "@/lib/register/tenancies/schemas";
import { MAX_LENGTH } from "./rows";

/** Request schemas of the register's routes (docs/api.md, "The unit register"). */

/**
 * `PUT /api/units`: `?dryRun=1` checks only; `?replace=1` removes the units the file leaves out; `?history=replace`
 * lets the file's rows replace the stored tenancies of the units it names (`merge`, the default, keeps them).
 */
export const ImportQuery = z.object({
  dryRun: z.enum(["0", "1"]).optional(),
  replace: z.enum(["0", "1"]).optional(),
  history: z.enum(["merge", "replace"]).optional(),
});

export const UnitsQuery = listSchema(UNITS_LIST);

/** A text of the edit: `null` or blank empties the field; the lengths are those of the import. */
const Text = (max: number) => z.string().max(max).nullable().optional();

/**
 * `PATCH /api/units/{id}`: what the page edits (the numbers are the unit's key and stay). `resident`
 * corrects the present resident's details (the same tenancy); a change of resident is a move, with
 * its own dates, not an edit.
 */
export const UnitEditBody = z
  .object({
    billingunit: Text(MAX_LENGTH.billingunit),
    property: Text(MAX_LENGTH.property),
    address: Text(MAX_LENGTH.address),
    label: Text(MAX_LENGTH.label),
    resident: z
      .object({
        name: z.string().max(MAX_LENGTH.resident).optional(),
        salutation: Text(MAX_LENGTH.salutation),
        firstName: Text(MAX_LENGTH.firstName),
        lastName: Text(MAX_LENGTH.lastName),
        company: Text(MAX_LENGTH.company),
        email: Text(MAX_LENGTH.email),
        channel: z.enum(CHANNELS).optional(),
        /** The resident's written agreement, needed where `channel` becomes e-mail or portal (tenancies/consent.ts). */
        consent: WrittenConsentBody.optional(),
        postalAddress: Text(MAX_LENGTH.postalAddress),
      })
      .strict()
      .optional(),
  })
  .strict();
export type UnitEdit = z.output<typeof UnitEditBody>;

export const UnitPath = z.object({ id: z.uuid() });

/** `PUT /api/units/{id}/hold`: why the unit is held ("Rechtsstreit …"), trimmed, 1 to 500 characters. */
export const HoldBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });

/**
 * `PUT /api/units/settings`: the register's "Bestand seit", the day from which it stands behind its
 * residents (a tenancy without a move-in is reported from it); `null` clears it.
 */
export const RegisterSettingsBody = z.strictObject({ since: Day.nullable() });

/** `GET /api/admin/residents`: the list with its term required, of at least MIN_RESIDENTS_QUERY characters. */
export const ResidentsQuery = listSchema(RESIDENTS_LIST, { required: ["q"] }).refine(
  (query) => query.q.length >= MIN_RESIDENTS_QUERY,
  {
    path: ["q"],
    params: { messageKey: "residents.qTooShort" },
  },
);
