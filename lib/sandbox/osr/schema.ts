import { z } from "zod";

/**
 * The on-site-roles v2 data set as the sandbox takes it (docs/sandbox.md, "On-site-roles v2"): the
 * field names of the specification (2.6), with the sandbox's own limits. Unknown fields are taken
 * and dropped (what a provider does not keep, like e-mail or phone): the read-back leaves them out.
 */

export const MAX_BODY_BYTES = 256 * 1024;
export const MAX_PARTNERS = 100;
export const MAX_CONTRACTS = 100;
export const MAX_ID = 64;
export const MAX_NAME = 200;
/** A unit's and a billing unit's number at the provider, as a path segment and in the state's `units`. */
export const UNIT_NUMBER = /^[A-Za-z0-9._-]{1,64}$/;

/** No control characters (NUL included, which the database refuses). */
const text = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), "must not contain control characters");

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date YYYY-MM-DD")
  .refine((s) => new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "not a calendar date");

const Id = text(1, MAX_ID);

const Partner = z.object({
  partnerPmnumber: Id,
  name: text(1, MAX_NAME),
  firstname: text(0, MAX_NAME).nullish(),
  commercial: z.boolean(),
});

const BillingContract = z.object({
  validfrom: Day,
  validto: Day.nullish(),
  vacancy: z.boolean().optional(),
  billingrecipient: z.object({ partnerPmnumber: Id.nullish(), owner: z.boolean().optional() }),
});

const ConsumptionInformationContract = z.object({ validfrom: Day, validto: Day.nullish(), partnerPmnumber: Id });

export const DataSet = z.object({
  billingunitMscnumber: Id,
  billingunitPmnumber: text(0, MAX_ID).nullish(),
  residentialunitMscnumber: Id,
  residentialunitPmnumber: text(0, MAX_ID).nullish(),
  partners: z.array(Partner).max(MAX_PARTNERS),
  billingcontracts: z.array(BillingContract).max(MAX_CONTRACTS),
  consumptioninformationcontracts: z.array(ConsumptionInformationContract).max(MAX_CONTRACTS),
  terminateallbillingcontracts: z.boolean().optional(),
  terminateallbillingcontractsat: Day.nullish(),
  terminateallconsumptioninformationcontracts: z.boolean().optional(),
  terminateallconsumptioninformationcontractsat: Day.nullish(),
});
export type DataSet = z.infer<typeof DataSet>;
export type Period = { validfrom: string; validto?: string | null };

/** One entry of the state's `units` (control API): a unit the service knows, under its billing unit. */
export const OsrUnit = z
  .object({
    customer: text(1, 64),
    billingunit: z.string().regex(UNIT_NUMBER, "expected 1 to 64 characters of [A-Za-z0-9._-]"),
    unit: z.string().regex(UNIT_NUMBER, "expected 1 to 64 characters of [A-Za-z0-9._-]"),
  })
  .strict();
export type OsrUnit = z.infer<typeof OsrUnit>;

export type OsrMessage = { type: "error" | "warning"; message: string; shortmessage: string };
/** The most messages one answer carries. */
export const MAX_MESSAGES = 50;

/** The shortmessage of a schema issue: a missing field, too many entries, too long, or otherwise invalid. */
function codeOf(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) return "REQUIRED_FIELD_MISSING";
  if (issue.code === "too_big") return issue.origin === "array" ? "TOO_MANY_ENTRIES" : "FIELD_TOO_LONG";
  return "INVALID_FIELD";
}

/** Each schema issue as a v2 message naming its field (at most MAX_MESSAGES). */
export function schemaMessages(error: z.ZodError): OsrMessage[] {
  return error.issues.slice(0, MAX_MESSAGES).map((issue) => ({
    type: "error",
    message: `${issue.path.map(String).join(".") || "(body)"}: ${issue.message}`,
    shortmessage: codeOf(issue),
  }));
}
