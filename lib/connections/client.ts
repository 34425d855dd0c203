import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import type { ConnectionView } from "@/lib/connections/connections";

/**
 * The browser's side of the connections (docs/api.md, "`GET /api/connections`"): their shapes (the server's, type-only), key and
 * query, shared with the page's prefetch (lib/pages/prefetch.tsx).
 */
export type { ConnectionView as Connection };
export type { TestResult as ConnectionTest } from "@/lib/connections/test-connection";

export const connectionKeys = {
  all: ["connections"] as const,
  list: () => [...connectionKeys.all, "list"] as const,
};

export const connectionsQuery = () =>
  queryOptions({ queryKey: connectionKeys.list(), queryFn: () => fetchJson<ConnectionView[]>("/api/connections") });
