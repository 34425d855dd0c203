import "server-only";
import { setTimeout as sleep } from "node:timers/promises";

/** PostgreSQL's "try again" answers: a lock cycle it broke (40P01) or a serialization conflict (40001). */
const TRANSIENT = new Set(["40P01", "40001"]);

export function isTransientDbError(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if (TRANSIENT.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

/**
 * Runs one statement (or transaction) again when PostgreSQL aborted it for a lock cycle or a
 * serialization conflict: the aborted attempt changed nothing, so running it again is safe. Only
 * for statements that are atomic on their own; anything else is thrown at once.
 */
export async function retryTransient<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await run();
    } catch (err) {
      if (n >= attempts || !isTransientDbError(err)) throw err;
      await sleep(5 * n + Math.random() * 20 * n);
    }
  }
}
