"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { confirmationRunKeys, confirmationRunsQuery, connectionKeys, inboxKeys } from "@/lib/client/queries";
import type { ConfirmationRun } from "@/lib/client/types";
import type { RunScope } from "@/lib/runs/schemas";
import type { Control, Outcome, OutcomeState } from "./confirm-batches";
import type { Target } from "./inbox-model";

export type { Outcome, OutcomeState };
/** A run's numbers, counted from its lines or read from the server's record of it. */
export type Tally = {
  total: number;
  done: number;
  confirmed: number;
  failed: number;
  unknown: number;
  cancelled: number;
};

/** How often a run found on the server is read again while it runs. */
const POLL_MS = 2000;

/** What the run panel shows: this page's own run (with every document), or runs found on the server. */
export type RunPanelState = {
  /** A new value for each run this page starts: the panel takes the focus once per run. */
  key: number;
  /** Found on the server (started before the page was loaded): counts only, no focus taken. */
  found: boolean;
  targets: Target[];
  outcomes: ReadonlyMap<string, Outcome>;
  tally: Tally;
  running: boolean;
  cancelRequested: boolean;
  /** Its instance stopped (a restart) before it was done. */
  interrupted: boolean;
  cancel: () => void;
  close: () => void;
};

const cancelRun = (id: string) => fetchJson<ConfirmationRun>(`/api/confirmation-runs/${id}`, { method: "DELETE" });

function tallyOf(targets: Target[], outcomes: ReadonlyMap<string, Outcome>): Tally {
  const count = (...states: OutcomeState[]) =>
    targets.filter((x) => states.includes(outcomes.get(x.key)?.state as OutcomeState)).length;
  return {
    total: targets.length,
    done: outcomes.size,
    confirmed: count("confirmed"),
    failed: count("failed"),
    unknown: count("unknown", "pending"),
    cancelled: count("cancelled"),
  };
}

function tallyOfRuns(runs: ConfirmationRun[]): Tally {
  const sum = (f: (r: ConfirmationRun) => number) => runs.reduce((n, r) => n + f(r), 0);
  return {
    total: sum((r) => r.total),
    done: sum((r) => r.confirmed + r.failed + r.unknown + r.pending + r.cancelled),
    confirmed: sum((r) => r.confirmed),
    failed: sum((r) => r.failed),
    unknown: sum((r) => r.unknown + r.pending),
    cancelled: sum((r) => r.cancelled),
  };
}

/**
 * This page's own confirmation run, document by document (`confirmBatches`, confirm-batches.ts). A cancel asks the
 * server to stop the batch under way (by the run id its answer names) and sends no further batch.
 */
/** The record of a run's outcomes that also tells of (and collects into `into`) the documents it confirmed. */
function telling(record: (entries: [string, Outcome][]) => void, tell: (keys: string[]) => void, into: string[]) {
  return (entries: [string, Outcome][]) => {
    record(entries);
    const now = entries.filter(([, o]) => o.state === "confirmed").map(([k]) => k);
    into.push(...now);
    if (now.length > 0) tell(now);
  };
}

/** Outcomes arrive line by line while the mutation is pending: they are its data, kept beside it. */
function useOutcomes() {
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map());
  const record = (entries: [string, Outcome][]) =>
    setOutcomes((prev) => {
      const next = new Map(prev);
      for (const [k, o] of entries) next.set(k, o);
      return next;
    });
  return { outcomes, record, reset: () => setOutcomes(new Map()) };
}

type OwnRun = { key: number; targets: Target[]; scope: RunScope | null };

function useOwnRun(onConfirmed: (keys: string[]) => void, scope: RunScope | null) {
  const client = useQueryClient();
  const listener = useRef(onConfirmed);
  useEffect(() => void (listener.current = onConfirmed));
  const { outcomes, record, reset } = useOutcomes();
  const [runIds, setRunIds] = useState<ReadonlySet<string>>(new Set());
  const [cancelRequested, setCancelRequested] = useState(false);
  // Set with the click that starts it, so that the panel appears as the question closes (and takes the focus from it).
  const [run, setRun] = useState<OwnRun>({ key: 0, targets: [], scope: null });
  // Read by the batches while they run, set by a click: not for rendering.
  const control = useRef<Control>({ stop: false });

  const mutation = useMutation({
    // Resolves to the keys of the documents this run confirmed (for a hand-off that follows it).
    mutationFn: async ({ targets, scope }: { targets: Target[]; scope: RunScope }) => {
      const { confirmBatches } = await import("./confirm-batches");
      const own = control.current;
      const confirmed: string[] = [];
      const onRun = (id: string) => {
        setRunIds((prev) => new Set([...prev, id]));
        // Cancelled between the request and its answer: the server learns of it now.
        if (own.stop) void cancelRun(id).catch(() => undefined);
      };
      await confirmBatches(targets, own, telling(record, listener.current, confirmed), onRun, scope);
      return confirmed;
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: inboxKeys.all }),
        client.invalidateQueries({ queryKey: connectionKeys.all }),
      ]),
  });

  const { key, targets } = run;
  const tally = tallyOf(targets, outcomes);
  // Until the mutation reports itself pending, the missing outcomes say it runs.
  const running = targets.length > 0 && (mutation.isPending || tally.done < tally.total);
  return {
    runIds,
    running,
    start: (next: Target[], then?: (confirmed: string[]) => void) => {
      if (scope === null) return;
      control.current = { stop: false };
      reset();
      setCancelRequested(false);
      setRun((r) => ({ key: r.key + 1, targets: next, scope }));
      mutation.mutate({ targets: next, scope }, { onSuccess: (confirmed) => then?.(confirmed) });
    },
    // The panel of the run started here, on the page of its scope only (another month's page does not show it).
    panel:
      targets.length === 0 || run.scope !== scope
        ? null
        : ({
            key,
            found: false,
            targets,
            outcomes,
            tally,
            running,
            cancelRequested,
            interrupted: false,
            cancel: () => {
              control.current.stop = true;
              setCancelRequested(true);
              const id = control.current.runId;
              if (id) void cancelRun(id).catch(() => undefined);
            },
            close: () => {
              mutation.reset();
              reset();
              setRun((r) => ({ ...r, targets: [] }));
            },
          } satisfies RunPanelState),
  };
}

/**
 * Bulk runs of this user that a page of `scope` started, found on the server (a reloaded page, another tab): shown
 * while they run and once they have ended, read again every POLL_MS while one runs. The page's own runs are not
 * among them (`own`), nor those of another page.
 */
function useFoundRuns(own: ReadonlySet<string>, busy: boolean, scope: RunScope | null) {
  const client = useQueryClient();
  const runs = useQuery({
    ...confirmationRunsQuery(scope ?? "inbox"),
    enabled: !busy && scope !== null,
    refetchInterval: (q) => (q.state.data?.runs.some((r) => r.finishedAt === null) ? POLL_MS : false),
  });
  // The runs seen running are followed until the panel is closed, also after they ended.
  const [followed, setFollowed] = useState<ReadonlySet<string>>(new Set());
  const all = runs.data?.runs ?? [];
  const newlySeen = all.filter((r) => r.finishedAt === null && !own.has(r.id) && !followed.has(r.id)).map((r) => r.id);
  if (newlySeen.length > 0) setFollowed(new Set([...followed, ...newlySeen]));
  const found = all.filter((r) => followed.has(r.id));
  const running = found.some((r) => r.finishedAt === null);

  // A found run that ended has changed the documents: the lists are read again.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running)
      void Promise.all([
        client.invalidateQueries({ queryKey: inboxKeys.all }),
        client.invalidateQueries({ queryKey: connectionKeys.all }),
      ]);
    wasRunning.current = running;
  }, [running, client]);

  if (found.length === 0) return null;
  return {
    key: 0,
    found: true,
    targets: [],
    outcomes: new Map(),
    tally: tallyOfRuns(found),
    running,
    cancelRequested: found.some((r) => r.cancelRequested),
    interrupted: found.some((r) => r.ended === "instance_ended"),
    cancel: () => {
      const open = found.filter((r) => r.finishedAt === null);
      void Promise.allSettled(open.map((r) => cancelRun(r.id))).then(() =>
        client.invalidateQueries({ queryKey: confirmationRunKeys.all }),
      );
    },
    close: () => setFollowed(new Set()),
  } satisfies RunPanelState;
}

/**
 * The run panel's state on the page of `scope` (lib/ops/run-scope.ts; null: none yet, nothing is found or started):
 * this page's own run if it started one there, else the runs of that scope found on the server. `running` tells of
 * the own run wherever it was started. `onConfirmed` hears of the documents this page's run confirmed as their lines
 * arrive.
 */
export function useConfirmRun(scope: RunScope | null, onConfirmed: (keys: string[]) => void = () => undefined) {
  const own = useOwnRun(onConfirmed, scope);
  const found = useFoundRuns(own.runIds, own.running, scope);
  return { start: own.start, running: own.running, panel: own.panel ?? found };
}
