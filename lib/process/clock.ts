import "server-only";
import { sql, type SQL } from "drizzle-orm";

/**
 * The app's "now" for the windows a test must not sleep through: a session's lifetime, the provider
 * token cache, instance heartbeats, the on-site-roles reports' back-off and the residents' retention.
 * It is the wall clock plus an offset that only the test channel moves (lib/ops/test-hooks.ts, refused
 * without the test helper's IPC channel): in production the offset is 0 and `dbNow()` is plain `now()`.
 */

type Clock = { offsetMs: number; moved: Set<() => void> };
// One clock per process, even if a bundler gives several routes their own copy of this module.
const KEY = Symbol.for("arge-inbox.clock");
const clock = ((globalThis as Record<symbol, unknown>)[KEY] ??= { offsetMs: 0, moved: new Set() }) as Clock;

/** Milliseconds since the epoch, as `Date.now()`, moved by the test clock. */
export const now = (): number => Date.now() + clock.offsetMs;

/** The database's `now()` moved by the same offset, for windows kept in SQL (heartbeats, report claims). */
export const dbNow = (): SQL =>
  clock.offsetMs === 0 ? sql`now()` : sql`(now() + make_interval(secs => ${clock.offsetMs / 1000}))`;

/** Work that waits on time (a sweep, a look for due reports) runs again when the clock moves. */
export function onClockMoved(listener: () => void): void {
  clock.moved.add(listener);
}

/** Moves the clock forward by `ms` (the test channel only); the listeners run. Returns the offset now. */
export function moveClock(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) throw new Error("the clock moves forward only");
  clock.offsetMs += ms;
  for (const listener of clock.moved) listener();
  return clock.offsetMs;
}
