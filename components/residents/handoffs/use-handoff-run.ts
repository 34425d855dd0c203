"use client";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { inboxKeys } from "@/lib/client/queries";
import type { HandoffRunDetail, HandoffRunView } from "@/lib/client/types";
import type { RunScope } from "@/lib/runs/schemas";
import type { DocView, Target } from "@/components/documents/inbox-model";

export const handoffRunKeys = {
  all: ["handoff-runs"] as const,
  list: (scope: RunScope) => ["handoff-runs", "list", scope] as const,
  one: (id: string) => ["handoff-runs", id] as const,
};

/** The user's hand-offs that the page of `scope` started, running or lately ended (`GET /api/handoffs/runs`). */
const handoffRunsQuery = (scope: RunScope) =>
  queryOptions({
    queryKey: handoffRunKeys.list(scope),
    queryFn: () => fetchJson<{ runs: HandoffRunView[] }>(`/api/handoffs/runs?scope=${encodeURIComponent(scope)}`),
  });

/** One run with its lines so far (`GET /api/handoffs/runs/{id}`): the panel polls it, the inbox's kept rows read it. */
export const handoffRunQuery = (id: string) =>
  queryOptions({
    queryKey: handoffRunKeys.one(id),
    queryFn: () => fetchJson<HandoffRunDetail>(`/api/handoffs/runs/${id}`),
  });

/**
 * Asks the server to stop run `id` (`DELETE /api/handoffs/runs/{id}`): the panel then says so until the run ends, and
 * the run's record is read again at once. `requested` stays true from the click on.
 */
export function useCancelHandoffRun(id: string | null) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => fetchJson<HandoffRunView>(`/api/handoffs/runs/${id}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: handoffRunKeys.all }),
  });
  return {
    cancel: () => mutation.mutate(),
    requested: mutation.isPending || mutation.isSuccess,
    error: mutation.error?.message ?? null,
  };
}

/** The run the panel shows: `id` is null until the server has named a run this page started. */
export type HandoffPanelState = {
  /** A new value for each run this page starts: the panel takes the focus once per run. */
  key: number;
  /** The page it belongs to (lib/ops/run-scope.ts). */
  scope: RunScope;
  id: string | null;
  /** Found on the server (started before the page was loaded): no focus taken. */
  found: boolean;
  /** The documents asked for, until the record says. */
  total: number;
  /** The request was refused before any document (e.g. too many runs). */
  error: string | null;
};

// The run closed last in this tab: a reload does not bring it back.
const CLOSED_KEY = "arge.handoffRun.closed";
const closedRun = () => (typeof window === "undefined" ? null : window.sessionStorage.getItem(CLOSED_KEY));

/**
 * A page's hand-off to residents (the inbox's, the month page's of one month: `scope`, null while there is none):
 * the question before it (`asking`), the run this page starts, or else the latest run of that scope found on the
 * server (a reloaded page, another tab): the panel then follows its record until it ends. Another page's runs are
 * not shown. The request itself is loaded on first use (handoff-post.ts).
 */
export function useHandoffRun(scope: RunScope | null) {
  const client = useQueryClient();
  const [asking, setAsking] = useState<DocView[] | null>(null);
  const [own, setOwn] = useState<HandoffPanelState | null>(null);
  const [closed, setClosed] = useState<string | null>(closedRun);
  const mine = own !== null && own.scope === scope ? own : null;
  const runs = useQuery({ ...handoffRunsQuery(scope ?? "inbox"), enabled: mine === null && scope !== null });
  const latest = runs.data?.runs.at(-1);
  const found: HandoffPanelState | null =
    latest && latest.id !== closed && scope !== null
      ? { key: 0, scope, id: latest.id, found: true, total: latest.total, error: null }
      : null;

  /** Starts a run of the page of `runScope` (by default this one's; a confirmation's follow-up keeps its own). */
  const start = async (targets: Target[], again: boolean, runScope: RunScope) => {
    setAsking(null);
    const key = Date.now();
    const set = (patch: Partial<HandoffPanelState>) => setOwn((o) => (o && o.key === key ? { ...o, ...patch } : o));
    const total = new Set(targets.map((x) => x.key)).size;
    setOwn({ key, scope: runScope, id: null, found: false, total, error: null });
    const { postHandoffs } = await import("./handoff-post");
    const report = { onRun: (id: string) => set({ id }), onError: (error: string) => set({ error }) };
    await postHandoffs(targets, { again, scope: runScope }, report);
    await Promise.all([
      client.invalidateQueries({ queryKey: handoffRunKeys.all }),
      client.invalidateQueries({ queryKey: inboxKeys.all }),
    ]);
  };

  const panel = mine ?? found;
  return {
    asking,
    ask: (docs: DocView[]) => setAsking(docs),
    cancel: () => setAsking(null),
    start: (targets: Target[], again: boolean, runScope: RunScope | null = scope) => {
      if (runScope !== null) void start(targets, again, runScope);
    },
    /** The run started here, on whichever page, while it has not been closed: the month page waits for it. */
    own,
    panel,
    close: () => {
      if (panel?.id) {
        window.sessionStorage.setItem(CLOSED_KEY, panel.id);
        setClosed(panel.id);
      }
      setOwn(null);
    },
  };
}
