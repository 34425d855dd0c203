import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Attempt } from "./throttle";

/**
 * The sign-in attempt the gate recorded for the request under way, handed to next-auth's
 * `authorize` (which cannot be given arguments of ours) through the async context. One store per
 * process, even if a bundler gives two routes their own copy of this module.
 */
const store = globalThis as unknown as { argeSignInAttempt?: AsyncLocalStorage<Attempt> };
const attempts = (store.argeSignInAttempt ??= new AsyncLocalStorage<Attempt>());

export function withAttempt<T>(attempt: Attempt, run: () => T): T {
  return attempts.run(attempt, run);
}

export function currentAttempt(): Attempt | undefined {
  return attempts.getStore();
}
