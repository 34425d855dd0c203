/**
 * A changing request is accepted without an Origin header (scripts, curl) or with this
 * application's own origin; any other origin, `null` included, is refused.
 */
export function isAllowedOrigin(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin === null) return true;
  const host = headers.get("host");
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && url.host === host;
  } catch {
    return false;
  }
}

export const CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
