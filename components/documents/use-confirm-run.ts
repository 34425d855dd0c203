"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { confirmationRunKeys, confirmationRunsQuery, connectionKeys, inboxKeys } from "@/lib/client/queries";
import type { ConfirmationRun } from "@/lib/client/types";
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

function useOwnRun(onConfirmed: (keys: string[]) => void) {
  const client = useQueryClient();
  const listener = useRef(onConfirmed);
  useEffect(() => void (listener.current = onConfirmed));
  // Outcomes arrive line by line while the mutation is pending: they are its data, kept beside it.
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map());
  const [runIds, setRunIds] = useState<ReadonlySet<string>>(new Set());
  const [cancelRequested, setCancelRequested] = useState(false);
  // Set with the click that starts it, so that the panel appears as the question closes (and takes the focus from it).
  const [run, setRun] = useState<{ key: number; targets: Target[] }>({ key: 0, targets: [] });
  // Read by the batches while they run, set by a click: not for rendering.
  const control = useRef<Control>({ stop: false });
  const record = (entries: [string, Outcome][]) =>
    setOutcomes((prev) => {
      const next = new Map(prev);
      for (const [k, o] of entries) next.set(k, o);
      return next;
    });

  const mutation = useMutation({
    // Resolves to the keys of the documents this run confirmed (for a hand-off that follows it).
    mutationFn: async (targets: Target[]) => {
      const { confirmBatches } = await import("./confirm-batches");
      const own = control.current;
      const confirmed: string[] = [];
      await confirmBatches(targets, own, telling(record, listener.current, confirmed), (id) => {
        setRunIds((prev) => new Set([...prev, id]));
        // Cancelled between the request and its answer: the server learns of it now.
        if (own.stop) void cancelRun(id).catch(() => undefined);
      });
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
  return {
    runIds,
    start: (next: Target[], then?: (confirmed: string[]) => void) => {
      control.current = { stop: false };
      setOutcomes(new Map());
      setCancelRequested(false);
      setRun((r) => ({ key: r.key + 1, targets: next }));
      mutation.mutate(next, { onSuccess: (confirmed) => then?.(confirmed) });
    },
    panel:
      targets.length === 0
        ? null
        : ({
            key,
            found: false,
            targets,
            outcomes,
            tally,
            // Until the mutation reports itself pending, the missing outcomes say it runs.
            running: mutation.isPending || tally.done < tally.total,
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
              setOutcomes(new Map());
              setRun((r) => ({ ...r, targets: [] }));
            },
          } satisfies RunPanelState),
  };
}

/**
 * Bulk runs of this user found on the server (a reloaded page, another tab): shown while they run
 * and once they have ended, read again every POLL_MS while one runs. The page's own runs are not
 * among them (`own`).
 */
function useFoundRuns(own: ReadonlySet<string>, busy: boolean) {
  const client = useQueryClient();
  const runs = useQuery({
    ...confirmationRunsQuery(),
    enabled: !busy,
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
 * The run panel's state: this page's own run if it started one, else the runs found on the server. `onConfirmed`
 * hears of the documents this page's run confirmed as their lines arrive.
 */
export function useConfirmRun(onConfirmed: (keys: string[]) => void = () => undefined) {
  const own = useOwnRun(onConfirmed);
  const found = useFoundRuns(own.runIds, own.panel?.running ?? false);
  return { start: own.start, panel: own.panel ?? found };
}
