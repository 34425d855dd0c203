import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import { REPORTS_DEFAULTS, type ReportsSearch } from "@/lib/onsite-roles/list";
import { toQueryString } from "@/lib/lists/params";
import type { listReportedUnits, unitReportTimeline } from "@/lib/onsite-roles/timeline";

/** The browser's side of support's on-site-roles reports (docs/api.md, "On-site-roles reports"): shapes and queries. */
export type ReportedUnits = Awaited<ReturnType<typeof listReportedUnits>>;
export type ReportTimeline = Awaited<ReturnType<typeof unitReportTimeline>>;

export const reportKeys = {
  all: ["reports"] as const,
  list: (search: ReportsSearch) => ["reports", "list", search] as const,
  unit: (id: string) => ["reports", "unit", id] as const,
};

export const reportedUnitsQuery = (search: ReportsSearch) =>
  queryOptions({
    queryKey: reportKeys.list(search),
    queryFn: () => fetchJson<ReportedUnits>(`/api/delivery/reports?${toQueryString(search, REPORTS_DEFAULTS)}`),
  });

export const reportTimelineQuery = (unitId: string) =>
  queryOptions({
    queryKey: reportKeys.unit(unitId),
    queryFn: () => fetchJson<ReportTimeline>(`/api/delivery/units/${encodeURIComponent(unitId)}/reports`),
  });
