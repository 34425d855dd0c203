import "server-only";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";

/**
 * How a change of the register reaches the on-site-roles reports, which the register does not import (it is the floor:
 * docs/architecture.md, "Layout"). lib/onsite-roles registers its reporter once, first thing at start (lib/startup.ts);
 * the register queues the changed units' reports inside the change's own transaction, so a committed change is never
 * without its report, and wakes the sender after the commit. Without a reporter a change fails rather than go
 * unreported. A route bundle and the start-up code may be separate module instances, so it lives on `globalThis`.
 */

/** Why the register queues a report: a change of its units, or of the day "Bestand seit" (lib/register/since.ts). */
export type ChangeReason = "change" | "since";

export type Reporter = {
  /** Queues the reports of these units of `p` whose reported state changed, in `tx`; how many were queued. */
  queue(tx: Db, p: Principal, unitIds: string[], reason?: ChangeReason): Promise<number>;
  /** Tells this process's sender that reports wait (after the commit). */
  wake(): void;
};

const KEY = Symbol.for("arge-inbox.register-reporter");
type Holder = { [KEY]?: Reporter };

/** Registers the reporter; a second registration replaces the first. */
export function reportChangesWith(reporter: Reporter): void {
  (globalThis as Holder)[KEY] = reporter;
}

/** Queues the reports of the changed units `unitIds` in the change's transaction `tx` (see Reporter.queue). */
export async function queueReports(tx: Db, p: Principal, unitIds: string[], reason?: ChangeReason): Promise<number> {
  const reporter = (globalThis as Holder)[KEY];
  if (!reporter) throw new Error("No reporter of register changes: lib/startup.ts registers lib/onsite-roles' first.");
  return reporter.queue(tx, p, unitIds, reason);
}

/** Wakes the sender after a committed change; before a reporter is registered, nothing (as the sender's own wake). */
export function wakeReports(): void {
  (globalThis as Holder)[KEY]?.wake();
}
