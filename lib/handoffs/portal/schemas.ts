import { z } from "zod";
import { SenderAddress } from "@/lib/handoffs/texts/template";

/**
 * Request schemas of the print and the portal-link routes (docs/api.md, "The resident's portal and the printed
 * letters").
 */

/**
 * `POST /api/handoffs/print`: the register's property name and the month (`YYYY-MM`) of the documents; with the first
 * print, the sender's postal address when none is stored (a stored one is kept).
 */
export const PrintQuery = z.strictObject({
  property: z.string().trim().min(1).max(200),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "YYYY-MM"),
  senderAddress: SenderAddress.optional(),
});

/**
 * `POST /api/handoffs/posted`: the letters of a property's print of one month were printed and posted; `documents`
 * names some of them (absent: every letter of the month made and not yet confirmed).
 */
export const PostedBody = z.strictObject({
  property: z.string().trim().min(1).max(200),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "YYYY-MM"),
  documents: z
    .array(z.strictObject({ connectionId: z.uuid(), documentid: z.string().min(1).max(200) }))
    .min(1)
    .max(1000)
    .optional(),
});
export type PostedInput = z.output<typeof PostedBody>;

/** The answer of `POST`/`DELETE /api/units/{id}/portal-link`: where the unit's resident's link stands now. */
export const PortalLinkAnswer = z.object({
  state: z.enum(["undelivered", "revoked"]),
  expiresAt: z.iso.datetime().optional(),
});
