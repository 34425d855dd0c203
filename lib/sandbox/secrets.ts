import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Compares two secrets in time independent of where they differ and of their lengths: both are
 * hashed first, so only equal-length digests reach timingSafeEqual.
 */
export function secretEquals(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given, "utf8").digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b);
}

export type Credentials =
  | { kind: "basic"; username: string; password: string }
  | { kind: "bearer"; token: string }
  | { kind: "none" }
  | { kind: "malformed"; scheme: "basic" | "bearer" | "none" };

/** Reads an Authorization header; never throws. */
export function parseAuthorization(header: string | null): Credentials {
  if (!header) return { kind: "none" };
  const space = header.indexOf(" ");
  const scheme = (space > 0 ? header.slice(0, space) : header).toLowerCase();
  const value = space > 0 ? header.slice(space + 1).trim() : "";
  if (scheme === "basic") {
    const decoded = /^[A-Za-z0-9+/]+={0,2}$/.test(value) ? Buffer.from(value, "base64").toString("utf8") : "";
    const colon = decoded.indexOf(":");
    if (colon < 1) return { kind: "malformed", scheme: "basic" };
    return { kind: "basic", username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  }
  if (scheme === "bearer") {
    return value ? { kind: "bearer", token: value } : { kind: "malformed", scheme: "bearer" };
  }
  return { kind: "malformed", scheme: "none" };
}

export function authKind(c: Credentials): "basic" | "bearer" | "none" {
  return c.kind === "malformed" ? c.scheme : c.kind;
}
