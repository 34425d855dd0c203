import { z } from "zod";

/**
 * `GET /api/handoffs/month` and `month.csv`: one property of the owner's register and one month,
 * both required (docs/api.md, "The monthly view of the hand-off"). Shared with the page's URL state.
 */
export const HandoffMonthQuery = z.strictObject({
  property: z.string().trim().min(1).max(200),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
});
export type HandoffMonthInput = z.output<typeof HandoffMonthQuery>;

/** The most units one view lists: a property of a German register has tens to a few hundred. */
export const MAX_MONTH_UNITS = 1000;
/** The most documents of one unit in one month (a document and its corrections). */
export const MAX_MONTH_DOCUMENTS = 10;

/** Where a unit's month stands: reached by a channel, on the way, or why not. */
export const MONTH_STATUSES = [
  "email",
  "portal",
  "opened",
  "printed",
  "posted",
  "pending",
  "unknown",
  "failed",
  "bounced",
  "open",
  "noEmail",
  "notPrinted",
  "change",
  "uncovered",
  "noPeriod",
  "vacancy",
  "notNeeded",
  "erased",
  "noResident",
  "notConfirmed",
  "notArchived",
  "noDocument",
] as const;
export type MonthStatus = (typeof MONTH_STATUSES)[number];
