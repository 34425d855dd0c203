import "server-only";
import { env } from "@/lib/env";

/**
 * Session checks remembered between requests with the embedded database only, where this process
 * is the only writer and every write that can end a session forgets them before and after it;
 * with PostgreSQL every request asks (docs/architecture.md, "How a request flows").
 */

const CHECK_TTL_MS = 5_000;
const MAX_CHECKS = 1000;

let generation = 0;
const checks = new Map<string, { at: number; generation: number; value: unknown }>();

/** Forgets every remembered check; call before and after a write to users or connections. */
export function forgetSessionChecks(): void {
  generation++;
  checks.clear();
}

/**
 * The result of `check` for `key` (which must name everything the check depends on: user, session
 * version, resource), remembered when `keep` accepts it and the database is embedded.
 */
export async function rememberedSessionCheck<T>(
  key: string,
  check: () => Promise<T>,
  keep: (value: T) => boolean,
): Promise<T> {
  if (env().databaseUrl) return check();
  const at = Date.now();
  const known = checks.get(key);
  if (known && known.generation === generation && at - known.at < CHECK_TTL_MS) return known.value as T;
  const started = generation;
  const value = await check();
  if (started === generation && keep(value)) {
    if (checks.size >= MAX_CHECKS) checks.delete(checks.keys().next().value!);
    checks.delete(key);
    checks.set(key, { at, generation: started, value });
  }
  return value;
}
