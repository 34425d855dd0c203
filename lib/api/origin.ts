/**
 * A changing request is accepted without an Origin header (scripts, curl) or with the app's own origin, so another site
 * cannot act with a user's cookies. Own is PUBLIC_URL's origin, else the addressed host (X-Forwarded-Host, trusted only
 * from TRUSTED_PROXIES by serve.mjs, then Host), scheme not compared: a TLS-terminating proxy may not say so.
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
