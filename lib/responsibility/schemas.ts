import { z } from "zod";
import { Day } from "@/lib/register/tenancies/schemas";

/** The bodies of `/api/properties/responsible` and `/api/me/absence` (docs/api.md, "Responsibility and absence"). */

export const ResponsibleBody = z
  .strictObject({
    property: z.string().trim().min(1).max(200),
    responsibleId: z.uuid(),
    deputyId: z.uuid().nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.deputyId && b.deputyId === b.responsibleId)
      ctx.addIssue({
        code: "custom",
        path: ["deputyId"],
        input: b.deputyId,
        params: { messageKey: "responsibility.deputyIsResponsible" },
      });
  });
export type ResponsibleInput = z.output<typeof ResponsibleBody>;

/** An absence, first to last day (both counted); `null` ends the current one. */
export const AbsenceBody = z
  .strictObject({ from: Day, to: Day })
  .superRefine((b, ctx) => {
    if (b.to < b.from)
      ctx.addIssue({ code: "custom", path: ["to"], input: b.to, params: { messageKey: "responsibility.endsBefore" } });
  })
  .nullable();
export type AbsenceInput = z.output<typeof AbsenceBody>;
