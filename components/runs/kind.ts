import type { ComponentType } from "react";
import type { MessageKey, MessageVars } from "@/lib/i18n/messages";
import type { RunKindName, RunScope } from "@/lib/runs/schemas";
import type { Target } from "@/components/documents/inbox-model";

/**
 * A kind of run as the pages show it (the server's kinds: lib/runs): its words, how a line's outcome looks, and the
 * requests that start it. The one hook (use-run.ts) and the one panel (run-panel.tsx) read everything kind-specific
 * from here; a feature declares its kind beside its code (components/documents/confirm-run-kind.tsx,
 * components/handoffs/handoff-run-kind.tsx).
 */

/** What became of one document, as its line or its request said. */
export type Outcome = { state: string; message?: string };

/** Read by a run's requests while they go on, set by a click: not for rendering. */
export type RunControl = { stop: boolean; runId?: string };

export type RunReport = {
  /** A request named its run (`Run-Id`). */
  onRun: (id: string) => void;
  /** Outcomes of documents, as their lines arrived (or as a request failed). */
  onOutcomes: (entries: [string, Outcome][]) => void;
  /** Refused before any document (too many runs, a lost session). */
  onError: (message: string) => void;
  /** The request waits for a second person of the team (`202 {release}`, four eyes): no run was started. */
  onWaiting: () => void;
};

export type RunWords = {
  title: MessageKey;
  progressLabel: MessageKey;
  /** `{done}`, `{total}` */
  progress: MessageKey;
  /** Under the heading: for a run found on the server (`noteWhenFound`), else while it runs. */
  note: MessageKey;
  cancel: MessageKey;
  cancelling: MessageKey;
  /** `{message}`; without it a failed cancel is not told. */
  cancelFailed?: MessageKey;
  /** `{message}` */
  failedToStart?: MessageKey;
  /** The counts of an ended run: the kind's `summary` gives the variables. */
  summary: MessageKey;
  /** `{n}` */
  cancelled: MessageKey;
  interrupted: MessageKey;
  outcomes: MessageKey;
  /** A document the page's own run has not come to yet (a kind without lines). */
  waiting?: MessageKey;
  /** `{n}`: retries the failed ones, where the page offers it. */
  retry?: MessageKey;
};

export type ClientRunKind = {
  name: RunKindName;
  /**
   * The server keeps each line: the panel follows the run's record, the page's own run as one found after a reload.
   * Without: the page's own run shows its answer's lines; one found on the server shows its counts.
   */
  lines: boolean;
  /** The outcomes its runs count, as its server kind declares them (lib/runs/kind.ts). */
  counts: readonly string[];
  words: RunWords;
  noteWhenFound: boolean;
  /** The status also says "x of n" while it runs (for a screen reader: the progress bar is not announced). */
  announcesProgress: boolean;
  /** The summary's variables from the counts of the run (its kind's names, lib/runs). */
  summary: (count: (name: string) => number) => MessageVars;
  /** Starts the work: its requests, the runs they name and the outcomes as they arrive. Loaded on first use. */
  post: (
    targets: Target[],
    input: { scope: RunScope; again: boolean; confirmFirst?: boolean },
    control: RunControl,
    report: RunReport,
  ) => Promise<void>;
  /** A line's state as a badge. */
  Badge: ComponentType<{ state: string }>;
  /** The words after the badge: the line's message, or a hint for its state; null for none. */
  detail: (outcome: Outcome, t: (key: MessageKey) => string) => string | null;
};
