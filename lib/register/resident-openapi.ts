import { z } from "zod";
import { CHANNELS } from "@/lib/register/list";

/**
 * The register's answer for a resident and a tenancy (docs/api.md, "The unit register"), for ./openapi.ts: the
 * resident's details are personal data, and `consent` says what lets a digital channel be in force.
 */

const Text = z.string().nullable();
const Day = z.string().nullable().meta({ format: "date" });

export const ResidentAnswer = z
  .object({
    name: z.string().meta({ description: "the full name in its natural order (or the company)" }),
    salutation: Text,
    firstName: Text,
    lastName: Text,
    company: Text,
    email: Text,
    channel: z.enum(CHANNELS),
    postalAddress: Text.meta({ description: "the address lines without the name, separated by `\\n`" }),
    consent: z
      .object({
        channel: z.enum(["email", "portal"]),
        at: z.string().meta({ format: "date-time" }),
        how: z.enum(["link", "written"]).meta({
          description:
            "`link`: the resident on the opt-in page, address confirmed by a code; `written`: a written agreement a manager recorded",
        }),
        reference: Text.meta({ description: "the written agreement's reference" }),
      })
      .nullable()
      .optional()
      .meta({ description: "the consent behind a digital channel; `null`: none, the letter is in force" }),
    objectedAt: Text.optional().meta({
      format: "date-time",
      description: "when the resident last objected to a digital channel (by the link in every e-mail and the portal)",
    }),
  })
  .meta({ description: "personal data: never in logs, metrics or the audit trail" });
export const TenancyAnswer = z.object({
  id: z.string().meta({ format: "uuid" }),
  moveIn: Day.meta({ description: "`null`: there since before any document" }),
  moveOut: Day.meta({ description: "the last day lived there (inclusive); `null` while it runs" }),
  vacancy: z.boolean(),
  resident: ResidentAnswer.nullable().meta({ description: "`null` for a vacancy and once erased" }),
  erased: z.boolean().meta({ description: "the resident's data was erased; the dates stay" }),
  contract: Text.meta({
    description: "the property software's contract number (`Vertragsnummer`), where an import gave one",
  }),
});
