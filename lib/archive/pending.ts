import "server-only";

/**
 * Archive commits that run after a view's download has ended (docs/architecture.md, "View"):
 * the durable commit and the record of a file happen right after its last byte was handed on.
 * They are tracked per document, so a confirmation of that document waits for them instead of
 * relying on an unfinished archive, and all together, so a shutdown lets them finish.
 */

type Registry = { byKey: Map<string, Promise<void>>; all: Set<Promise<void>> };

// On globalThis: lib/cli/serve.mjs (outside the bundle) drains the same registry on shutdown.
const REGISTRY = Symbol.for("arge-inbox.pendingArchives");
const DRAIN = Symbol.for("arge-inbox.drainPendingArchives");

type Holder = { [REGISTRY]?: Registry; [DRAIN]?: () => Promise<void> };

function registry(): Registry {
  const holder = globalThis as Holder;
  if (!holder[REGISTRY]) {
    holder[REGISTRY] = { byKey: new Map(), all: new Set() };
    holder[DRAIN] = drainPendingArchives;
  }
  return holder[REGISTRY];
}

export const pendingKey = (connectionId: string, documentid: string) => `${connectionId}\u0000${documentid}`;

/** Tracks `work` (which must not reject: it logs its own failures) until it has settled. */
export function trackPendingArchive(key: string, work: Promise<void>): void {
  const { byKey, all } = registry();
  // A later commit of the same document waits for the earlier one too.
  const before = byKey.get(key);
  const tracked = (before ? Promise.all([before, work]).then(() => undefined) : work).finally(() => {
    all.delete(tracked);
    if (byKey.get(key) === tracked) byKey.delete(key);
  });
  byKey.set(key, tracked);
  all.add(tracked);
}

/** Resolves when no archive commit of this document is under way (at once when none is). */
export async function settlePendingArchive(key: string): Promise<void> {
  for (let p = registry().byKey.get(key); p; p = registry().byKey.get(key)) await p;
}

/** Resolves when every archive commit under way, and any started meanwhile, has finished. */
export async function drainPendingArchives(): Promise<void> {
  const { all } = registry();
  while (all.size > 0) await Promise.allSettled([...all]);
}

registry();
