import { z } from "zod";

/**
 * Request schemas of the print and the portal-link routes (docs/api.md, "The resident's portal and the printed
 * letters").
 */

/** `POST /api/handoffs/print`: the register's property name and the month (`YYYY-MM`) of the documents. */
export const PrintQuery = z.strictObject({
  property: z.string().trim().min(1).max(200),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "YYYY-MM"),
});

/** The answer of `POST`/`DELETE /api/units/{id}/portal-link`: where the unit's resident's link stands now. */
export const PortalLinkAnswer = z.object({
  state: z.enum(["undelivered", "revoked"]),
  expiresAt: z.iso.datetime().optional(),
});
