import type { Locale, MessageKey } from "@/lib/i18n/messages";
import type { RunKindName } from "./schemas";

/**
 * A kind of run (issue #45): what a feature declares so that its work outlives the request that started it, and
 * nothing more. lib/runs/runs.ts keeps every kind's record the same way (one row of `runs`, its lines in `run_lines`,
 * migration 0042): the per-user cap, the clean-up, the cancel, the counts, the list, the end of a dead instance's
 * runs.
 */
export type RunKind<C extends string = string, L = unknown, V = unknown> = {
  name: RunKindName;
  /** The outcomes it counts, each a number in its view, beside `cancelled` (documents a cancel left out). */
  counts: readonly C[];
  /** A user's runs of this kind at once; one more is 429 `too_many_runs` (`words.tooMany`, with `{n}`). */
  maxRunning: number;
  /** How long an ended run is still listed, so that a page polling it sees how it ended. */
  listedAfterEndS: number;
  /** At most this many in a list (the running ones, then the most recently ended). */
  listLimit: number;
  /** A run of one connection: its view names it (`connectionId`). */
  onConnection: boolean;
  words: { notFound: MessageKey; tooMany: MessageKey };
  /** Kept line by line (`run_lines`): how a line is stored, and read back in the reader's language. */
  lines?: RunLines<L, V>;
};

/** A line as `run_lines` keeps it: the document it names, its state, why (a code with its variables), the rest. */
export type StoredLine = {
  connectionId: string;
  documentid: string;
  state: string;
  reason: unknown;
  /** Words written before reasons were codes (migration 0041): shown as they are. */
  message: string | null;
  detail: unknown;
  /** The document's file while it is in the reader's index. */
  filename: string | null;
};

// Methods, not function-valued fields: a kind of its own line type is then one of the kinds the registry holds.
export type RunLines<L, V> = {
  store(line: L): Omit<StoredLine, "message" | "filename">;
  read(line: StoredLine, locale: Locale): V;
};

export type RunEnd = "done" | "cancelled" | "instance_ended";

/** What every kind's view holds, beside its counts. */
export type RunBase = {
  id: string;
  total: number;
  /** Documents the run left out because it was cancelled before it came to them. */
  cancelled: number;
  startedAt: string;
  finishedAt: string | null;
  cancelRequested: boolean;
  ended: RunEnd | null;
  /** The page that started it (lib/runs/schemas.ts), null for another caller of the API. */
  scope: string | null;
  /** The member who started it: a run is the team's, every member lists, reads and cancels it (issue #46). */
  startedBy: { id: string; name: string };
};

/** A run as the API answers it: its counts by name; `connectionId` for a kind `onConnection`. */
export type RunView<C extends string> = RunBase & Record<C, number> & { connectionId?: string };
/** A run of any kind: its counts are there, their names are the kind's. */
export type AnyRunView = RunBase & { connectionId?: string };

/** The header that names the run a `POST` started (`DELETE /api/runs/{id}` while it streams); no zod here for the pages. */
export const RUN_ID_HEADER = "Run-Id";

/** Declares a kind (the identity, typed). */
export const defineRunKind = <C extends string, L = never, V = never>(kind: RunKind<C, L, V>) => kind;
