import { param, type ListState } from "@/lib/lists/params";
import { HANDOFF_STATES } from "@/lib/handoff-states";

export { HANDOFF_STATES, type HandoffState } from "@/lib/handoff-states";

/**
 * The hand-off record's list (docs/api.md, "Hand-off to residents"): its parameters, defaults and
 * limits once, for the route's schema and the pages. Its states are passed on from lib/handoff-states.ts (the database
 * column reads them there). No imports beyond lib/lists and the state list.
 */

/** `GET /api/handoffs`: newest first. */
export const HANDOFFS_LIST = {
  /** The documents' month (their period's first day), `YYYY-MM`. */
  month: param.month,
  /** One property of the register, by its name. */
  property: param.text(200),
  state: param.oneOf(HANDOFF_STATES),
  offset: param.offset,
  limit: param.limit(50, 200),
};
export type HandoffsSearch = ListState<typeof HANDOFFS_LIST>;
