/**
 * Wakes this process's report sender (./loop.ts) after a change was committed, so that its reports
 * go out at once instead of at the next tick. The sender registers itself here when it starts; before
 * that (or without it) a wake does nothing, and the tick finds the reports anyway.
 */

const KEY = Symbol.for("arge-inbox.osr-wake");
type Holder = { [KEY]?: () => void };

export function onWake(run: () => void): void {
  (globalThis as Holder)[KEY] = run;
}

export function wakeReports(): void {
  (globalThis as Holder)[KEY]?.();
}
