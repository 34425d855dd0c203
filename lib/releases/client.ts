import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import type { ReleaseView } from "./releases";

/**
 * The browser's side of four eyes (docs/api.md, "Four eyes"): the shape, keys and query of the "Freigaben" page. A
 * request that waits (`202 {release}`) is told apart where it is sent (lib/client/fetch-json.ts `onWaiting`, the
 * print's client).
 */
export type { ReleaseView as Release };

export const releaseKeys = {
  all: ["releases"] as const,
  list: () => [...releaseKeys.all, "list"] as const,
};

export const releasesQuery = () =>
  queryOptions({
    queryKey: releaseKeys.list(),
    queryFn: () => fetchJson<{ releases: ReleaseView[] }>("/api/releases"),
  });
