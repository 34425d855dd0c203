/**
 * A changing request is accepted without an Origin header (scripts, curl) or with this
 * application's own origin; any other origin, `null` included, is refused. The own origin is
 * PUBLIC_URL's when set (scheme, host and port must match), else the host the request was
 * addressed to: X-Forwarded-Host, which lib/cli/serve.mjs lets through only from trusted proxies
 * (Next fills it from Host otherwise), then Host. Without PUBLIC_URL the scheme is not compared,
 * since a proxy that terminates TLS may not say so.
 */
export function isAllowedOrigin(headers: Headers, publicOrigin?: string): boolean {
  const origin = headers.get("origin");
  if (origin === null) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (publicOrigin) return url.origin === publicOrigin;
  const host = (headers.get("x-forwarded-host") ?? headers.get("host"))?.split(",")[0]?.trim();
  return !!host && url.host === host.toLowerCase();
}

export const CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
