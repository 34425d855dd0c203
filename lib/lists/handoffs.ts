import { param, type ListState } from "./params";

/**
 * The hand-off record's list (docs/api.md, "Hand-off to residents"): its parameters, defaults and
 * limits once, for the route's schema and the pages. No imports beyond params.ts.
 */

export const HANDOFF_STATES = ["pending", "sent", "failed", "unknown", "printed", "opened"] as const;
export type HandoffState = (typeof HANDOFF_STATES)[number];

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
