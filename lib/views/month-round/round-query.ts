import { z } from "zod";

/**
 * `GET /api/month` (docs/api.md, "The month page"): the month (absent: the latest with documents), optionally one
 * property of the register, and `mine=1` for the properties the caller acts for today ("Meine Liegenschaften"), `mine=0`
 * for the whole team's (unasked: mine when the caller acts for any, lib/responsibility `scopeOf`);
 * `GET /api/month/documents` needs month and property. Shared with the page's URL state.
 */
const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
const Property = z.string().trim().min(1).max(200);

export const MonthRoundQuery = z.strictObject({
  month: Month.optional(),
  property: Property.optional(),
  mine: z.enum(["1", "0"]).optional(),
});
export type MonthRoundInput = z.output<typeof MonthRoundQuery>;

export const MonthDocumentsQuery = z.strictObject({ month: Month, property: Property });
export type MonthDocumentsInput = z.output<typeof MonthDocumentsQuery>;

/** The most properties one answer lists (`truncated` beyond): a manager's register holds a few to some dozens. */
export const MAX_ROUND_PROPERTIES = 100;
/** The most units one answer reads: the month view's bound (MAX_MONTH_UNITS) for each of a page of properties. */
export const MAX_ROUND_UNITS = 20_000;
/** The months the picker offers, newest first. */
export const MAX_ROUND_MONTHS = 36;
/** The most documents of one property-month the round's runs take (one request of each run). */
export const MAX_ROUND_DOCUMENTS = 1000;
