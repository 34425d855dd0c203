"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { Target } from "@/components/documents/inbox-model";
import type { RunScope } from "@/lib/runs/schemas";
import type { ClientRunKind, Outcome, RunControl } from "./kind";
import { fromOutcomes, fromRecord } from "./panel-state";
import { cancelRun, runQuery } from "./run-queries";

/** How often a running run's record is read again. */
const RECORD_POLL_MS = 1000;

type Own = {
  key: number;
  scope: RunScope;
  targets: Target[];
  ids: string[];
  error: string | null;
  waiting: boolean;
};
export type StartOptions = {
  again?: boolean;
  /** A hand-off that confirms its open documents first (the month page's combined action under four eyes). */
  confirmFirst?: boolean;
  scope?: RunScope | null;
  then?: (outcomes: ReadonlyMap<string, Outcome>) => void;
};
type Asking = (of: string) => { cancelRequested: boolean; cancel: string | null };

/** A run's record, read again while it runs. */
export function useRecord(id: string | null) {
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

/** The requests of the page's own run: the runs they name and the outcomes as their lines arrive. */
function useRunRequests(kind: ClientRunKind, onOutcomes: (entries: [string, Outcome][]) => void, settled: () => void) {
  const listener = useRef(onOutcomes);
  useEffect(() => void (listener.current = onOutcomes));
  const { outcomes, record, reset } = useOutcomes();
  const [own, setOwn] = useState<Own | null>(null);
  const control = useRef<RunControl>({ stop: false });
  const mutation = useMutation({
    mutationFn: async (run: {
      targets: Target[];
      scope: RunScope;
      again: boolean;
      confirmFirst?: boolean;
      key: number;
    }) => {
      const mine = control.current;
      const collected = new Map<string, Outcome>();
      const patch = (p: (o: Own) => Own) => setOwn((o) => (o && o.key === run.key ? p(o) : o));
      await kind.post(run.targets, run, mine, {
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
        onWaiting: () => patch((o) => ({ ...o, waiting: true })),
      });
      return collected;
    },
    onSettled: settled,
  });
  return {
    own,
    setOwn,
    outcomes,
    reset,
    mutation,
    /** No further request is sent; the run under way, if named, is the one to cancel. */
    stop: () => {
      control.current.stop = true;
      return control.current.runId;
    },
    begin: () => {
      control.current = { stop: false };
      reset();
    },
  };
}

/**
 * The run this page starts, of `kind`: its panel's facts on the page of its scope only (`facts`), and whether it runs
 * wherever it was started (`running`). A kind with lines follows the run's record; one without, its answer's lines.
 */
export function useOwnRun(
  kind: ClientRunKind,
  scope: RunScope | null,
  hooks: { onOutcomes: (entries: [string, Outcome][]) => void; settled: () => void; asking: Asking },
) {
  const requests = useRunRequests(kind, hooks.onOutcomes, hooks.settled);
  const { own, setOwn, outcomes, reset, mutation } = requests;
  const keys = useRef(0);
  const record = useRecord(kind.lines ? (own?.ids[0] ?? null) : null);
  const mine = own !== null && own.scope === scope && (kind.lines || own.targets.length > 0) ? own : null;
  const of = mine ? `own:${mine.key}` : "";
  const { cancelRequested, cancel } = hooks.asking(of);
  const actions = mine && {
    key: mine.key,
    id: kind.lines ? (mine.ids[0] ?? null) : null,
    found: false,
    cancelRequested,
    errors: { start: mine.error, cancel },
    waiting: mine.waiting,
  };
  const total = new Set(mine?.targets.map((x) => x.key)).size;
  const facts =
    mine && actions
      ? kind.lines
        ? fromRecord(kind, record.data, { total, ...mine }, actions)
        : fromOutcomes(kind, mine.targets, outcomes, mutation.isPending, actions)
      : null;
  const running =
    own !== null &&
    (kind.lines
      ? own.error === null && !own.waiting && (record.data === undefined || record.data.finishedAt === null)
      : own.targets.length > 0 && (mutation.isPending || (!own.waiting && outcomes.size < own.targets.length)));
  return {
    facts,
    of,
    running,
    shown: mine !== null,
    ids: own?.ids ?? [],
    /** Stops it: no further request is sent; the id of the run under way, to cancel. */
    stop: requests.stop,
    close: () => {
      mutation.reset();
      reset();
      setOwn(null);
    },
    start: (targets: Target[], runScope: RunScope, options: StartOptions) => {
      requests.begin();
      const key = ++keys.current;
      setOwn({ key, scope: runScope, targets, ids: [], error: null, waiting: false });
      mutation.mutate(
        { targets, scope: runScope, again: options.again ?? false, confirmFirst: options.confirmFirst, key },
        { onSuccess: (collected) => options.then?.(collected) },
      );
    },
  };
}
