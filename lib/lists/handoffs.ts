import { param, type ListState } from "./params";

/**
 * The hand-off record's list (docs/api.md, "Hand-off to residents"): its parameters, defaults and
 * limits once, for the route's schema and the pages. No imports beyond params.ts.
 */

export const HANDOFF_STATES = ["pending", "sent", "failed", "unknown", "printed", "posted", "opened"] as const;
export type HandoffState = (typeof HANDOFF_STATES)[number];

/**
 * Who receives a document by the one rule (lib/register/tenancies/recipient.ts): `resident` (the tenancy covering its
 * whole period), `assigned` (a manager's choice), `vacancy` and `none` (no hand-off needed), `change` (a change of
 * resident in the period), `uncovered` (no tenancy meets it), `noPeriod` (the document names none).
 */
export const RECIPIENT_KINDS = ["resident", "assigned", "vacancy", "none", "change", "uncovered", "noPeriod"] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

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
