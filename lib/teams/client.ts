import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import type { MergeAnswer } from "./merge";
import type { TeamView } from "./teams";

/**
 * The browser's side of the admins' teams (docs/api.md, "Teams"): the shape, keys and query. The users page reads the
 * same list for its team names and its move; a change of either page invalidates both prefixes.
 */
export type { TeamView as Team, MergeAnswer };

/** A merge done on the admins' teams page: the answer, the going team `from` and the kept one `into`, as they were. */
export type Merged = { answer: MergeAnswer; from: TeamView; into: TeamView };

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

/** Team `from` joins team `into` (`POST /api/teams/{into}/merge`, admin): its answer names the conflicts. */
export const mergeTeams = (into: string, from: string) =>
  fetchJson<MergeAnswer>(`/api/teams/${into}/merge`, { method: "POST", body: JSON.stringify({ from }) });
