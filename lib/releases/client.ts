import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import type { ReleaseView } from "./releases";

/**
 * The browser's side of four eyes (docs/api.md, "Four eyes"): the shape, keys and query of the "Freigaben" page, and
 * how a page tells a request that waits (`202 {release}`) from one that started.
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

/** A `202` answer's release, when the request waits for a second person; null for any other answer. */
export async function waitingRelease(res: Response): Promise<ReleaseView | null> {
  if (res.status !== 202) return null;
  const body = (await res.json()) as { release?: ReleaseView };
  return body.release ?? null;
}
