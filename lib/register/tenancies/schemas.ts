import { z } from "zod";
import { CHANNELS } from "@/lib/register/list";
import { isoDayProblem, YEARS } from "@/lib/register/dates";
import { hasControl } from "./rules";

/** Request schemas of the tenancy routes (docs/api.md, "The unit register"). */

export const AssignmentKey = z.strictObject({ connectionId: z.uuid(), documentid: z.string().min(1).max(200) });
/** `PUT /api/handoffs/assignments`: the tenancy that receives the document, or null for "no hand-off needed". */
export const AssignmentBody = AssignmentKey.extend({ tenancyId: z.uuid().nullable() });

/** `DELETE /api/units/{id}/resident`: one tenancy's resident, else every resident of the unit. */
export const EraseQuery = z.object({ tenancy: z.uuid().optional() });

const DAY_WORDS = { form: "tenancies.dayForm", years: "tenancies.dayYears", calendar: "tenancies.badDay" } as const;
/** A day the register keeps (lib/register/dates.ts): `YYYY-MM-DD`, in the calendar, within its years. */
export const Day = z
  .string()
  .superRefine((day, ctx) => {
    const problem = isoDayProblem(day);
    if (problem)
      ctx.addIssue({
        code: "custom",
        input: day,
        params: { messageKey: DAY_WORDS[problem], ...(problem === "years" && { vars: YEARS }) },
      });
  })
  .meta({ format: "date", description: `YYYY-MM-DD, a day of the years ${YEARS.first} to ${YEARS.last}` });
/** A text as the import takes a cell: trimmed, bounded, without control characters (`lines`: but line breaks). */
const Text = (max: number, lines = false) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => !hasControl(text, lines), { params: { messageKey: "unitsApi.row.control" } })
    .optional();

/** A written agreement to a digital channel: its day and a reference (./consent.ts). */
export const WrittenConsentBody = z.strictObject({ at: Day, reference: Text(200) });

/** A resident as the page records them: name parts (or a company), contact, channel and how a digital one was chosen. */
export const TenancyResidentBody = z.strictObject({
  salutation: Text(40),
  firstName: Text(100),
  lastName: Text(100),
  company: Text(200),
  email: Text(254),
  channel: z.enum(CHANNELS),
  postalAddress: Text(500, true),
  /**
   * The resident's written agreement to a digital channel (./consent.ts): its day and a reference ("Formular Az. 17").
   * E-mail or portal needs it; without one the letter applies, and the resident may agree by the opt-in link.
   */
  consent: WrittenConsentBody.optional(),
});
export type TenancyResidentInput = z.output<typeof TenancyResidentBody>;

/**
 * `POST /api/units/{id}/tenancies` ("Mieterwechsel erfassen"): the new tenancy from `moveIn`, a resident or a vacancy
 * (`resident: null`); the running one ends on `previousMoveOut`, else the day before.
 */
export const MoveBody = z.strictObject({
  moveIn: Day,
  previousMoveOut: Day.optional(),
  resident: TenancyResidentBody.nullable(),
});
export type MoveInput = z.output<typeof MoveBody>;

/** `PATCH /api/units/{id}/tenancies/{tenancyId}`: corrected dates (null: not known / still there). */
export const CorrectBody = z.strictObject({ moveIn: Day.nullable().optional(), moveOut: Day.nullable().optional() });
export type CorrectInput = z.output<typeof CorrectBody>;

export const TenancyPath = z.object({ id: z.uuid(), tenancyId: z.uuid() });
