import { z } from "zod";

/**
 * What the API says of a run (lib/runs): its kinds, the page it belongs to, the lists' queries. Free of server code:
 * the pages' client code reads the same names.
 */

/** The kinds of run (lib/views/run-kinds.ts): a bulk confirmation, a hand-off to residents. */
export const RUN_KIND_NAMES = ["confirm", "handoff"] as const;
export const RunKindName = z
  .enum(RUN_KIND_NAMES)
  .meta({ description: "`confirm`: a bulk confirmation; `handoff`: a hand-off to residents" });
export type RunKindName = z.infer<typeof RunKindName>;

/**
 * Where a run that outlives a request was started, so that its panel stays on that page (issue #50): the inbox, or
 * the month page of one month. A page lists only its own scope's runs (`GET /api/runs?scope=`); a run started without
 * one (another caller of the API) is listed only unscoped.
 */
export const RunScope = z
  .string()
  .regex(/^(inbox|month:\d{4}-(0[1-9]|1[0-2]))$/)
  .meta({ description: "the page a run belongs to: `inbox`, or `month:YYYY-MM` for the month page of that month" });
export type RunScope = z.infer<typeof RunScope>;

/** A list of runs of one kind (`GET /api/confirmation-runs`, `GET /api/handoffs/runs`), of one scope when asked. */
export const RunsQuery = z.strictObject({ scope: RunScope.optional() });

/** `GET /api/runs`: the caller's runs, of one scope and one kind when asked. */
export const AllRunsQuery = z.strictObject({ scope: RunScope.optional(), kind: RunKindName.optional() });

/** The path of one run (`/api/runs/{id}` and the old routes): any other string is 404. */
export const RunPath = z.object({ id: z.uuid() });
