import { z } from "zod";

/**
 * Where a run that outlives a request was started, so that its panel stays on that page (issue #50): the inbox, or
 * the month page of one month. A page lists only its own scope's runs (`GET /api/confirmation-runs?scope=`,
 * `GET /api/handoffs/runs?scope=`); a run started without one (another caller of the API) is listed only unscoped.
 */
export const RunScope = z
  .string()
  .regex(/^(inbox|month:\d{4}-(0[1-9]|1[0-2]))$/)
  .meta({ description: "the page a run belongs to: `inbox`, or `month:YYYY-MM` for the month page of that month" });
export type RunScope = z.infer<typeof RunScope>;

/** A list of runs, of one scope when asked. */
export const RunsQuery = z.strictObject({ scope: RunScope.optional() });
