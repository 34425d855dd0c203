import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import type { searchResidents } from "@/lib/register/residents";
import { RESIDENTS_LIST, type ResidentsSearch } from "@/lib/register/list";
import { defaultsOf, toQueryString } from "@/lib/lists/params";

/**
 * The browser's side of the admin's residents page (docs/api.md, "The unit register"): the
 * search's query and the erasure of one resident's data. The term stays in the query's key, in
 * memory, never in the page's URL (it is personal data: no history entry, no shared link).
 */
export type ResidentsPage = Awaited<ReturnType<typeof searchResidents>>;
export type { ResidentMatch } from "@/lib/register/residents";

export const RESIDENTS_DEFAULTS = defaultsOf(RESIDENTS_LIST);
export const RESIDENTS_PAGE_SIZES = [25, 50, 100];
export type ResidentsQuery = ResidentsSearch & { q: string };

export const residentsKeys = {
  all: ["residents"] as const,
  list: (search: ResidentsQuery) => ["residents", "list", search] as const,
};

export const residentsQuery = (search: ResidentsQuery) =>
  queryOptions({
    queryKey: residentsKeys.list(search),
    queryFn: () => fetchJson<ResidentsPage>(`/api/admin/residents?${toQueryString(search, RESIDENTS_DEFAULTS)}`),
  });

export const eraseResident = (m: { id: string; tenancyId: string }) =>
  fetchJson<{ unitId: string; tenancies: number }>(`/api/units/${m.id}/resident?tenancy=${m.tenancyId}`, {
    method: "DELETE",
  });
