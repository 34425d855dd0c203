import "server-only";
import type { Db } from "@/lib/db/client";
import { log } from "@/lib/log";

/**
 * What one feature announces and another acts on, inside this process: the feature that announces names no
 * listener, so it imports none (docs/architecture.md, "Layout": delivery and the on-site-roles reports do not import
 * each other).
 * Listeners register once at start (lib/startup.ts); a route bundle and the start-up code may be separate module
 * instances, so the listeners live on `globalThis`.
 */

/** Each event and what it carries. */
export type Events = {
  /** A sync of the connection finished: the documents it listed are in the index, with the units they name. */
  "sync.finished": { db: Db; connection: { id: string; userId: string } };
};

type Listener<K extends keyof Events> = (event: Events[K]) => Promise<unknown>;
type Listeners = { [K in keyof Events]?: Map<string, Listener<K>> };

const KEY = Symbol.for("arge-inbox.events");
const listeners = (): Listeners => ((globalThis as { [KEY]?: Listeners })[KEY] ??= {});

/** Registers `listener` under `name`; a second registration of the same name replaces the first. */
export function listen<K extends keyof Events>(kind: K, name: string, listener: Listener<K>): void {
  const all = listeners();
  const map = (all[kind] ??= new Map()) as Map<string, Listener<K>>;
  map.set(name, listener);
}

/**
 * Tells every listener of `kind`, one after another, and waits for them. A listener's failure is logged and never
 * reaches the announcer: the work it announces is done whatever a listener makes of it.
 */
export async function announce<K extends keyof Events>(kind: K, event: Events[K]): Promise<void> {
  const map = listeners()[kind] as Map<string, Listener<K>> | undefined;
  for (const [name, listener] of map ?? []) {
    await listener(event).catch((err: unknown) => log().warn({ err, event: kind, listener: name }, "listener failed"));
  }
}
