import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import type { TeamView } from "./teams";

/**
 * The browser's side of the admins' teams (docs/api.md, "Teams"): the shape, keys and query. The users page reads the
 * same list for its team names and its move; a change of either page invalidates both prefixes.
 */
export type { TeamView as Team };

export const teamKeys = {
  all: ["teams"] as const,
  list: () => [...teamKeys.all, "list"] as const,
};

/** The caller's own team (`GET /api/teams/{id}`): the page "Freigaben" shows and sets its four eyes. */
export const teamQuery = (id: string) =>
  queryOptions({
    queryKey: [...teamKeys.all, "one", id] as const,
    queryFn: () => fetchJson<TeamView>(`/api/teams/${id}`),
  });

export const teamsQuery = () =>
  queryOptions({ queryKey: teamKeys.list(), queryFn: () => fetchJson<TeamView[]>("/api/teams") });
