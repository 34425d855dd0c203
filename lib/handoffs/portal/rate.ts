import { addressGroup } from "@/lib/auth/address-group";
import { translate } from "@/lib/i18n/messages";

/**
 * The portal's throttle (proxy.ts, before anything of `/r/*` is served), so nobody guesses tokens at speed
 * (docs/api.md, "The resident's portal and the printed letters"). In memory per instance: with 2^256 tokens that bounds
 * guessing all the same, and a restart loses nothing worth keeping. MAX_KEYS bounds the map against many addresses.
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

/**
 * The throttle as one answer for the portal's and the consent's pages (proxy.ts) and the consent's routes
 * (lib/handoffs/consent/http.ts): 429 with Retry-After when the client address (the first of X-Forwarded-For, the one
 * lib/cli/serve.mjs left there) is over the limit, else null. Nothing cached, no referrer sent on.
 */
export function portalRefusal(headers: { get(name: string): string | null }): Response | null {
  const wait = hitPortal(headers.get("x-forwarded-for")?.split(",")[0]?.trim() || null);
  if (wait === null) return null;
  return new Response(translate("de", "portal.tooMany", { seconds: String(wait) }), {
    status: 429,
    headers: {
      "Referrer-Policy": "no-referrer",
      "Cache-Control": "no-store",
      "Retry-After": String(wait),
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}
