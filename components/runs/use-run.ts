"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { Target } from "@/components/documents/inbox-model";
import { connectionKeys, inboxKeys } from "@/lib/client/queries";
import type { RunScope } from "@/lib/runs/schemas";
import type { ClientRunKind, Outcome, RunControl } from "./kind";
import { fromFound, fromOutcomes, fromRecord, type RunPanelState } from "./panel-state";
import { cancelRun, runKeys, runQuery, runsQuery, type RunRecord } from "./run-queries";

export type { RunPanelState };

/** How often a running run's record is read again, and the list of the page's runs while one of them runs. */
const RECORD_POLL_MS = 1000;
const LIST_POLL_MS = 2000;

type Own = { key: number; scope: RunScope; targets: Target[]; ids: string[]; error: string | null };
type Start = { again?: boolean; scope?: RunScope | null; then?: (outcomes: ReadonlyMap<string, Outcome>) => void };

const closedKey = (kind: ClientRunKind) => `arge.run.closed.${kind.name}`;
const closedRun = (kind: ClientRunKind) =>
  typeof window === "undefined" ? null : window.sessionStorage.getItem(closedKey(kind));

/** A run's record, read again while it runs. */
function useRecord(id: string | null) {
  return useQuery({
    ...runQuery(id ?? ""),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.finishedAt !== null ? false : RECORD_POLL_MS),
  });
}

/** Outcomes arrive line by line while the request is pending: they are its data, kept beside it. */
function useOutcomes() {
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map());
  const record = (entries: [string, Outcome][]) => setOutcomes((prev) => new Map([...prev, ...entries]));
  return { outcomes, record, reset: () => setOutcomes(new Map()) };
}

/**
 * The runs of `kind` of the page of `scope` (lib/runs/schemas.ts; null: none yet, nothing is found or started): the
 * run this page starts (`start`), else those of that scope found on the server (a reloaded page, another tab); another
 * page's runs are not shown. `running` tells of the page's own run wherever it was started, and of the one shown.
 * `onOutcomes` hears of the page's own outcomes as their lines arrive.
 */
export function useRun(
  kind: ClientRunKind,
  scope: RunScope | null,
  onOutcomes: (entries: [string, Outcome][]) => void = () => undefined,
) {
  const client = useQueryClient();
  const listener = useRef(onOutcomes);
  useEffect(() => void (listener.current = onOutcomes));
  const { outcomes, record, reset } = useOutcomes();
  const [own, setOwn] = useState<Own | null>(null);
  const [asked, setAsked] = useState<{ of: string; error: string | null } | null>(null);
  const [closed, setClosed] = useState<string | null>(() => closedRun(kind));
  const [followed, setFollowed] = useState<ReadonlySet<string>>(new Set());
  const control = useRef<RunControl>({ stop: false });
  const keys = useRef(0);
  const invalidate = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: inboxKeys.all }),
      client.invalidateQueries({ queryKey: connectionKeys.all }),
      client.invalidateQueries({ queryKey: runKeys.all }),
    ]);

  const mutation = useMutation({
    mutationFn: async ({
      targets,
      scope,
      again,
      key,
    }: {
      targets: Target[];
      scope: RunScope;
      again: boolean;
      key: number;
    }) => {
      const mine = control.current;
      const collected = new Map<string, Outcome>();
      const patch = (p: (o: Own) => Own) => setOwn((o) => (o && o.key === key ? p(o) : o));
      await kind.post(targets, { scope, again }, mine, {
        onRun: (id) => {
          mine.runId = id;
          patch((o) => ({ ...o, ids: [...o.ids, id] }));
          // Cancelled between the request and its answer: the server learns of it now.
          if (mine.stop) void cancelRun(id).catch(() => undefined);
        },
        onOutcomes: (entries) => {
          record(entries);
          for (const [k, o] of entries) collected.set(k, o);
          listener.current(entries);
        },
        onError: (error) => patch((o) => ({ ...o, error })),
      });
      return collected;
    },
    onSettled: invalidate,
  });

  const ownRecord = useRecord(kind.lines ? (own?.ids[0] ?? null) : null);
  const mine = own !== null && own.scope === scope ? own : null;
  const cancelOwn = (of: string) => {
    control.current.stop = true;
    const id = control.current.runId;
    askCancel(of, id ? [id] : []);
  };
  const closeOwn = (id: string | undefined) => {
    if (kind.lines && id) close(id);
    mutation.reset();
    reset();
    setOwn(null);
  };
  const ownOf = mine ? `own:${mine.key}` : "";
  const asking = (of: string) => ({
    cancelRequested: asked?.of === of && asked.error === null,
    cancel: asked?.of === of ? asked.error : null,
  });
  const ownFacts =
    mine && (kind.lines || mine.targets.length > 0)
      ? (() => {
          const { cancelRequested, cancel } = asking(ownOf);
          const actions = {
            key: mine.key,
            id: kind.lines ? (mine.ids[0] ?? null) : null,
            found: false,
            cancelRequested,
            errors: { start: mine.error, cancel },
          };
          const total = new Set(mine.targets.map((x) => x.key)).size;
          return kind.lines
            ? fromRecord(kind, ownRecord.data, { total, ...mine }, actions)
            : fromOutcomes(kind, mine.targets, outcomes, mutation.isPending, actions);
        })()
      : null;
  const ownRunning =
    own !== null &&
    (kind.lines
      ? own.error === null && (ownRecord.data === undefined || ownRecord.data.finishedAt === null)
      : own.targets.length > 0 && (mutation.isPending || outcomes.size < own.targets.length));

  // The runs found on the server: for a kind with lines the latest (until closed), else those seen running.
  const list = useQuery({
    ...runsQuery(scope ?? "inbox", kind.name),
    enabled: scope !== null && mine === null && !ownRunning,
    refetchInterval: (q) => (q.state.data?.runs.some((r) => r.finishedAt === null) ? LIST_POLL_MS : false),
  });
  const all = list.data?.runs ?? [];
  const latest = kind.lines ? all.at(-1) : undefined;
  const foundId = latest && latest.id !== closed ? latest.id : null;
  const foundRecord = useRecord(kind.lines ? foundId : null);
  const ownIds = new Set(own?.ids ?? []);
  const newlySeen = kind.lines
    ? []
    : all.filter((r) => r.finishedAt === null && !ownIds.has(r.id) && !followed.has(r.id)).map((r) => r.id);
  if (newlySeen.length > 0) setFollowed(new Set([...followed, ...newlySeen]));
  const foundRuns: RunRecord[] = kind.lines ? [] : all.filter((r) => followed.has(r.id));
  const foundOf = `found:${foundId ?? foundRuns.map((r) => r.id).join(",")}`;
  const foundOpen = foundId ? [foundId] : foundRuns.filter((r) => r.finishedAt === null).map((r) => r.id);
  const isFound = scope !== null && (kind.lines ? foundId !== null : foundRuns.length > 0);
  const foundFacts = isFound
    ? (() => {
        const { cancelRequested, cancel } = asking(foundOf);
        const actions = { key: 0, id: foundId, found: true, cancelRequested, errors: { start: null, cancel } };
        return kind.lines
          ? fromRecord(kind, foundRecord.data, { total: latest?.total ?? 0, error: null, targets: [] }, actions)
          : fromFound(kind, foundRuns, actions);
      })()
    : null;
  const facts = ownFacts ?? foundFacts;
  const panelRunning = facts?.running ?? false;

  // A run that ended has changed the documents: the lists are read again.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !panelRunning) void invalidate();
    wasRunning.current = panelRunning;
  });

  function askCancel(of: string, ids: string[]) {
    setAsked({ of, error: null });
    void Promise.all(ids.map(cancelRun))
      .catch((err: unknown) => setAsked({ of, error: err instanceof Error ? err.message : String(err) }))
      .finally(() => client.invalidateQueries({ queryKey: runKeys.all }));
  }
  function close(id: string) {
    // The run closed last in this tab: a reload does not bring it back.
    window.sessionStorage.setItem(closedKey(kind), id);
    setClosed(id);
  }

  const panel: RunPanelState | null =
    facts === null
      ? null
      : facts === ownFacts
        ? { ...facts, cancel: () => cancelOwn(ownOf), close: () => closeOwn(own?.ids[0]) }
        : {
            ...facts,
            cancel: () => askCancel(foundOf, foundOpen),
            close: () => (foundId ? close(foundId) : setFollowed(new Set())),
          };

  return {
    running: ownRunning || panelRunning,
    panel,
    /** Starts a run of the page of `scope` (by default this one's; a confirmation's follow-up keeps its own). */
    start: (targets: Target[], options: Start = {}) => {
      const runScope = options.scope === undefined ? scope : options.scope;
      if (runScope === null) return;
      control.current = { stop: false };
      reset();
      setAsked(null);
      const key = ++keys.current;
      setOwn({ key, scope: runScope, targets, ids: [], error: null });
      mutation.mutate(
        { targets, scope: runScope, again: options.again ?? false, key },
        { onSuccess: (collected) => options.then?.(collected) },
      );
    },
  };
}
