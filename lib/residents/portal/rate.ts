import { addressGroup } from "@/lib/auth/address-group";

/**
 * The portal's throttle (proxy.ts, before any page or file of `/r/*` is served): at most
 * PORTAL_REQUESTS per minute per client address group (lib/auth/address-group.ts: an IPv6 /64
 * counts as one), so nobody guesses tokens at speed. Counted in this process's memory in fixed
 * windows: each instance holds the limit on its own, which bounds guessing all the same (2^256
 * tokens), and a restart forgets nothing worth keeping. The map is bounded: past MAX_KEYS the
 * windows that ended are dropped, and if none had, the oldest entries go.
 */

export const PORTAL_REQUESTS = 30;
const WINDOW_MS = 60_000;
const MAX_KEYS = 10_000;

type Window = { start: number; count: number };
const HITS = new Map<string, Window>();

function prune(now: number): void {
  for (const [key, w] of HITS) if (w.start + WINDOW_MS <= now) HITS.delete(key);
  for (const key of HITS.keys()) {
    if (HITS.size < MAX_KEYS) break;
    HITS.delete(key);
  }
}

/** Counts one request of `address`; the seconds to wait when it is over the limit, else null. */
export function hitPortal(address: string | null, now = Date.now()): number | null {
  const key = address ? addressGroup(address) : "unknown";
  const start = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  let w = HITS.get(key);
  if (!w || w.start !== start) {
    if (!w && HITS.size >= MAX_KEYS) prune(now);
    w = { start, count: 0 };
    HITS.set(key, w);
  }
  w.count++;
  return w.count > PORTAL_REQUESTS ? Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)) : null;
}
