import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import type { HandoffLine } from "@/lib/handoffs/outcome";
import type { RunBase } from "@/lib/runs/kind";
import type { RunKindName, RunScope } from "@/lib/runs/schemas";

/** A run as `/api/runs` answers it: its kind, its counts by the kind's names, and its lines for a kind with lines. */
export type RunRecord = RunBase & { kind: RunKindName; lines?: HandoffLine[] };

/** One of a run's counts by its name (the kind's, lib/runs): 0 when it has none of that name. */
export const countOf = (run: RunRecord, name: string): number => {
  const value = (run as unknown as Record<string, unknown>)[name];
  return typeof value === "number" ? value : 0;
};

export const runKeys = {
  all: ["runs"] as const,
  list: (scope: RunScope, kind: RunKindName) => [...runKeys.all, "list", scope, kind] as const,
  one: (id: string) => [...runKeys.all, "one", id] as const,
};

/** The user's runs of `kind` that the page of `scope` started, running or lately ended (`GET /api/runs`). */
export const runsQuery = (scope: RunScope, kind: RunKindName) =>
  queryOptions({
    queryKey: runKeys.list(scope, kind),
    queryFn: () =>
      fetchJson<{ runs: RunRecord[] }>(`/api/runs?scope=${encodeURIComponent(scope)}&kind=${encodeURIComponent(kind)}`),
  });

/** One run with its lines so far (`GET /api/runs/{id}`): the panel polls it, the inbox's kept rows read it. */
export const runQuery = (id: string) =>
  queryOptions({ queryKey: runKeys.one(id), queryFn: () => fetchJson<RunRecord>(`/api/runs/${id}`) });

/** Asks the server to stop run `id` (`DELETE /api/runs/{id}`). */
export const cancelRun = (id: string) => fetchJson<RunRecord>(`/api/runs/${id}`, { method: "DELETE" });
