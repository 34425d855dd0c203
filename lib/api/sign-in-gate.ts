import "server-only";
import { NextRequest } from "next/server";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { requestLocale } from "@/lib/i18n/server";
import { withAttempt } from "@/lib/auth/attempt";
import { clientAddress, isSecureForwarded } from "@/lib/auth/options";
import { beginAttempt } from "@/lib/auth/throttle";
import { DEFAULT_BODY_LIMIT, readBodyLimited } from "./body";
import { errorResponse } from "./responses";

export function isSecureRequest(req: NextRequest): boolean {
  return isSecureForwarded(req.headers, req.nextUrl.protocol);
}

/** The e-mail of a sign-in body, read the way next-auth reads it (JSON or form). */
function emailOf(req: NextRequest, body: Uint8Array): string {
  const type = req.headers.get("content-type") ?? "";
  const text = new TextDecoder().decode(body);
  if (type.includes("application/json")) {
    try {
      const email: unknown = (JSON.parse(text) as { email?: unknown } | null)?.email;
      return typeof email === "string" ? email : "";
    } catch {
      return "";
    }
  }
  return new URLSearchParams(text).get("email") ?? "";
}

/**
 * Every POST to next-auth (sign-in, sign-out) passes here first. The body is read with the 64 KiB
 * limit while it streams (413 beyond it), before next-auth parses anything. For the credentials
 * callback the attempt is recorded before any password is checked (lib/auth/throttle.ts), and an
 * account or address over its limit gets 429 with Retry-After; the attempt goes with the request
 * to `authorize`, which keeps it as a failure or removes it on success.
 */
export async function signInGate(
  req: NextRequest,
  segments: string[],
  next: (req: NextRequest) => Promise<Response>,
): Promise<Response> {
  let body: Uint8Array;
  try {
    body = await readBodyLimited(req, DEFAULT_BODY_LIMIT);
  } catch (err) {
    return errorResponse(err, await requestLocale());
  }
  const buffered = new NextRequest(req.url, {
    method: req.method,
    headers: req.headers,
    body: body.byteLength ? (body as Uint8Array<ArrayBuffer>) : undefined,
  });
  if (segments[0] !== "callback" || segments[1] !== "credentials") return next(buffered);
  const decision = await beginAttempt(await getDb(), { email: emailOf(req, body), ip: clientAddress(req.headers) });
  if ("attempt" in decision) return withAttempt(decision.attempt, () => next(buffered));
  const wait = decision.waitSeconds;
  return errorResponse(
    new AppError(429, "too_many_attempts", "login.tooMany", {
      vars: { minutes: Math.max(1, Math.ceil(wait / 60)) },
      extra: { retryAfterSeconds: wait },
      headers: { "Retry-After": String(wait) },
    }),
    await requestLocale(),
  );
}
