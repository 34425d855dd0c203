import "server-only";

/**
 * A fault rule's `hold` (docs/sandbox.md, "Fault rules"): the request or SMTP command the rule applies to
 * waits, after any `delayMs`, until a test lifts that hold through the control API, then the rule's
 * other effects follow. A lifted name stays lifted until the fault rules are replaced, so a lift that
 * comes before the request strands nothing; no request waits longer than MAX_HOLD_MS. Kept in the
 * memory of the process that serves the request (several instances: lift it where the sandbox runs).
 */

export const MAX_HOLD_MS = 120_000;

type Hold = { waiting: Set<() => void>; lifted: boolean };
// One table per process: the routes' bundles and the mailbox (started by lib/startup.ts) share it.
const KEY = Symbol.for("arge-inbox.sandbox-holds");
const holds = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Map<string, Hold>()) as Map<string, Hold>;

const holdOf = (name: string): Hold => {
  let hold = holds.get(name);
  if (!hold) holds.set(name, (hold = { waiting: new Set(), lifted: false }));
  return hold;
};

/** Waits until `name` is lifted (at once when it was), or MAX_HOLD_MS have passed. */
export function waitForHold(name: string): Promise<void> {
  const hold = holdOf(name);
  if (hold.lifted) return Promise.resolve();
  return new Promise((resolve) => {
    const go = () => {
      clearTimeout(timer);
      hold.waiting.delete(go);
      resolve();
    };
    const timer = setTimeout(go, MAX_HOLD_MS);
    timer.unref();
    hold.waiting.add(go);
  });
}

/** Lifts `name`: what waits on it goes on, and what comes later passes. */
export function liftHold(name: string): void {
  const hold = holdOf(name);
  hold.lifted = true;
  for (const go of [...hold.waiting]) go();
}

/** Every hold lifted and forgotten (the fault rules were replaced): new rules hold afresh. */
export function resetHolds(): void {
  for (const name of holds.keys()) liftHold(name);
  holds.clear();
}

/** Each hold by name: how many wait on it, and whether it was lifted. */
export function listHolds(): { name: string; waiting: number; lifted: boolean }[] {
  return [...holds].map(([name, h]) => ({ name, waiting: h.waiting.size, lifted: h.lifted }));
}
