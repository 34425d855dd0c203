import { param, type ListState } from "@/lib/lists/params";

export { CHANNELS, type Channel } from "@/lib/handoff-states";

/**
 * The unit register's list (docs/architecture.md, "Unit register"): its parameters, defaults and
 * limits once, for the route's schema and the page. The residents' channels are passed on from lib/handoff-states.ts
 * (the database column reads them there). No imports beyond lib/lists and the state list.
 */

export const MAX_UNITS_PAGE = 200;

/** `GET /api/units`: in the order property, label, unit number. */
export const UNITS_LIST = {
  /** Unit number, property, label, address or resident (substring). */
  q: param.text(200),
  /** One property, by its name as the register writes it. */
  property: param.text(200),
  /** `1`: the properties the caller acts for today ("Meine Liegenschaften"); `0`: the team's; unasked: `1` if any. */
  mine: param.oneOf(["1", "0"]),
  /** `open`: units with an on-site-roles report not (yet) accepted: the due and overdue list. */
  reports: param.oneOf(["open"]),
  /** `unknown`: units with a resident whose move-in is missing (reported from "Bestand seit" or the oldest document). */
  moveIn: param.oneOf(["unknown"]),
  /** The day the reports' deadlines are judged on, `YYYY-MM-DD` (default: today in DISPLAY_TIME_ZONE). */
  day: param.day,
  offset: param.offset,
  limit: param.limit(50, MAX_UNITS_PAGE),
};
export type UnitsSearch = ListState<typeof UNITS_LIST>;

/** Shortest search of the admin's residents page: a single letter would list nearly every resident. */
export const MIN_RESIDENTS_QUERY = 2;

/**
 * `GET /api/admin/residents` (the admin's page for a resident's erasure request): every user's
 * register, searched by resident name, e-mail or unit number, in the order name, owner, unit.
 */
export const RESIDENTS_LIST = {
  /** At least MIN_RESIDENTS_QUERY characters (the route refuses fewer). */
  q: param.text(200),
  offset: param.offset,
  limit: param.limit(25, 100),
};
export type ResidentsSearch = ListState<typeof RESIDENTS_LIST>;

/**
 * Who receives a document by the one rule (lib/register/tenancies/recipient.ts): `resident` (the tenancy covering its
 * whole period), `assigned` (a manager's choice), `vacancy` and `none` (no hand-off needed), `change` (a change of
 * resident in the period), `uncovered` (no tenancy meets it), `noPeriod` (the document names none).
 */
export const RECIPIENT_KINDS = ["resident", "assigned", "vacancy", "none", "change", "uncovered", "noPeriod"] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];
