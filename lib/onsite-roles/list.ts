import { defaultsOf, param, readList, type ListState, type Raw } from "@/lib/lists/params";

/**
 * Support's list of on-site-roles reports (docs/architecture.md, "On-site-roles reports"): the units
 * that have been reported to any connection, each with its reports. Its parameters once, for the
 * route's schema and the page. No imports beyond lib/lists, so the browser can load it.
 */

export const REPORT_STATES = ["pending", "accepted", "rejected", "unknown"] as const;
export type ReportStateName = (typeof REPORT_STATES)[number];

/** `GET /api/delivery/reports`: by property, then unit number. */
export const REPORTS_LIST = {
  /** A usage unit's number, the property manager's number or a billing unit (substring). */
  q: param.text(200),
  /** Units with at least one report in this state; `open`: any not accepted. */
  state: param.oneOf([...REPORT_STATES, "open"] as const),
  connection: param.uuid,
  offset: param.offset,
  limit: param.limit(25, 100),
};
export type ReportsSearch = ListState<typeof REPORTS_LIST>;
export const REPORTS_DEFAULTS = defaultsOf(REPORTS_LIST);
export const readReportsSearch = (raw: Raw): ReportsSearch => readList(REPORTS_LIST, raw);
