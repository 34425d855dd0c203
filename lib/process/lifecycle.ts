import "server-only";

/**
 * Where the process is in its life (docs/architecture.md, "Start and shutdown"): `starting` until
 * start-up work (migrations, the admin, the scheduler) is done, `ready` then, `draining` from
 * SIGTERM or SIGINT on. lib/cli/serve.mjs runs outside the bundle and reaches this state through
 * globalThis, as it reaches the archive's pending writes: it begins the drain at once, and calls
 * `finish` once the requests under way and the archive writes are done.
 */

export type Phase = "starting" | "ready" | "draining";

type Lifecycle = {
  phase: Phase;
  /** Aborted when the drain begins: syncs stop at their next page, the scheduler starts none. */
  signal: AbortSignal;
  beginDrain: () => void;
  finish: () => Promise<void>;
  finishers: (() => Promise<void>)[];
};

const KEY = Symbol.for("arge-inbox.lifecycle");

function create(): Lifecycle {
  const stop = new AbortController();
  const self: Lifecycle = {
    phase: "starting",
    signal: stop.signal,
    beginDrain() {
      self.phase = "draining";
      stop.abort();
    },
    async finish() {
      for (const work of self.finishers) await work().catch(() => undefined);
    },
    finishers: [],
  };
  return self;
}

// One state per process, even if the bundler gives several routes their own copy of this module.
function lifecycle(): Lifecycle {
  const holder = globalThis as { [KEY]?: Lifecycle };
  return (holder[KEY] ??= create());
}

export const phase = (): Phase => lifecycle().phase;

/** Start-up work is done: readiness may answer `ready` (unless a drain has begun meanwhile). */
export function markStarted(): void {
  const state = lifecycle();
  if (state.phase === "starting") state.phase = "ready";
}

/** Aborted once the process is shutting down. */
export const shutdownSignal = (): AbortSignal => lifecycle().signal;

/**
 * Runs `work` at the end of a shutdown, after the requests under way and the archive writes, one
 * after another in the order registered (never on a crash, nor past serve.mjs's 10 s bound).
 */
export function onFinish(work: () => Promise<void>): void {
  lifecycle().finishers.push(work);
}

lifecycle();
