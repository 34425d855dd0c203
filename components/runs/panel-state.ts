import type { Target } from "@/components/documents/inbox-model";
import { docKey } from "@/components/documents/inbox-model";
import type { ClientRunKind, Outcome } from "./kind";
import { countOf, type RunRecord } from "./run-queries";

/** One document's line in a run's panel: `name` null when neither the record nor the page names its file. */
export type RunLine = { key: string; documentid: string; name: string | null; outcome: Outcome | null };

/** What a run's panel shows, of any kind: the page's own run, or one (or, for a kind without lines, several) found. */
export type RunPanelState = {
  kind: ClientRunKind;
  /** A new value for each run this page starts: the panel takes the focus once per run. */
  key: number;
  /** The run whose record the panel follows (a kind with lines), null until it is named. */
  id: string | null;
  /** Found on the server (started before the page was loaded): no focus taken. */
  found: boolean;
  running: boolean;
  cancelRequested: boolean;
  /** Its instance stopped (a restart) before it was done. */
  interrupted: boolean;
  done: number;
  total: number;
  /** The run's counts by name; null until the record is read. */
  count: ((name: string) => number) | null;
  cancelled: number;
  lines: RunLine[];
  /** The page's own documents that failed (to try again). */
  failed: Target[];
  errors: { start: string | null; cancel: string | null };
  /** The request waits for a second person of the team (four eyes, lib/releases): nothing runs yet. */
  waiting: boolean;
  /** Who started the runs found on the server (a run is the team's); empty for the page's own. */
  startedBy: string[];
  cancel: () => void;
  close: () => void;
};

/** What the hook says of the panel beside the run's own facts (its buttons' handlers it adds itself). */
type Actions = Pick<RunPanelState, "key" | "id" | "found" | "cancelRequested" | "errors" | "waiting">;
type Facts = Omit<RunPanelState, "cancel" | "close">;

/** A run's panel from its record (a kind with lines): the counts and every line so far, named by its file. */
export function fromRecord(
  kind: ClientRunKind,
  record: RunRecord | undefined,
  asked: { total: number; error: string | null; targets: Target[] },
  actions: Actions,
): Facts {
  const names = new Map(asked.targets.map((x) => [x.key, x.filename]));
  const lines = (record?.lines ?? []).map((l) => {
    const key = docKey(l.connectionId, l.documentid);
    const outcome = l.message === undefined ? { state: l.state } : { state: l.state, message: l.message };
    return { key, documentid: l.documentid, name: l.filename ?? names.get(key) ?? null, outcome };
  });
  const cancelled = record?.cancelled ?? 0;
  return {
    ...actions,
    kind,
    running: asked.error === null && !actions.waiting && (record === undefined || record.finishedAt === null),
    cancelRequested: actions.cancelRequested || record?.cancelRequested === true,
    interrupted: record?.ended === "instance_ended",
    done: lines.length + cancelled,
    total: record?.total ?? asked.total,
    count: record ? (name) => countOf(record, name) : null,
    cancelled,
    lines,
    failed: [],
    startedBy: record ? [record.startedBy.name] : [],
  };
}

/** The page's own run of a kind without lines: every document asked, with its outcome as its line arrived. */
export function fromOutcomes(
  kind: ClientRunKind,
  targets: Target[],
  outcomes: ReadonlyMap<string, Outcome>,
  pending: boolean,
  actions: Actions,
): Facts {
  const count = (...states: string[]) =>
    targets.filter((x) => states.includes(outcomes.get(x.key)?.state ?? "")).length;
  const done = outcomes.size;
  return {
    ...actions,
    kind,
    // Until the request reports itself pending, the missing outcomes say it runs.
    running: targets.length > 0 && (pending || (!actions.waiting && done < targets.length)),
    interrupted: false,
    done,
    total: targets.length,
    count: (name) => count(name),
    cancelled: count("cancelled"),
    lines: targets.map((x) => ({
      key: x.key,
      documentid: x.documentid,
      name: x.filename,
      outcome: outcomes.get(x.key) ?? null,
    })),
    failed: targets.filter((x) => outcomes.get(x.key)?.state === "failed"),
    startedBy: [],
  };
}

/** Runs of a kind without lines found on the server (a reloaded page, another tab): their counts together. */
export function fromFound(kind: ClientRunKind, runs: RunRecord[], actions: Actions): Facts {
  const sum = (f: (r: RunRecord) => number) => runs.reduce((n, r) => n + f(r), 0);
  const cancelled = sum((r) => r.cancelled);
  return {
    ...actions,
    kind,
    running: runs.some((r) => r.finishedAt === null),
    cancelRequested: actions.cancelRequested || runs.some((r) => r.cancelRequested),
    interrupted: runs.some((r) => r.ended === "instance_ended"),
    done: sum((r) => kind.counts.reduce((n, c) => n + countOf(r, c), 0)) + cancelled,
    total: sum((r) => r.total),
    count: (name) => sum((r) => countOf(r, name)),
    cancelled,
    lines: [],
    failed: [],
    startedBy: [...new Set(runs.map((r) => r.startedBy.name))],
  };
}
