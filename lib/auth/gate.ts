import "server-only";
import type { NextRequest } from "next/server";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { errorResponse } from "@/lib/api/handler";
import { requestLocale } from "@/lib/i18n/server";
import { clientAddress } from "./options";
import { throttleWaitSeconds } from "./throttle";

export function isSecureRequest(req: NextRequest): boolean {
  return (req.headers.get("x-forwarded-proto") ?? req.nextUrl.protocol.replace(":", "")) === "https";
}

/**
 * Runs before next-auth's credentials callback: an account or an address with too many recent
 * failures gets 429 with Retry-After, before any password is checked.
 */
export async function signInGate(req: NextRequest, segments: string[]): Promise<Response | null> {
  if (segments[0] !== "callback" || segments[1] !== "credentials") return null;
  const form = await req.clone().formData().catch(() => null);
  const email = typeof form?.get("email") === "string" ? String(form.get("email")) : "";
  const wait = await throttleWaitSeconds(await getDb(), { email, ip: clientAddress(req.headers) });
  if (wait <= 0) return null;
  const minutes = Math.max(1, Math.ceil(wait / 60));
  return errorResponse(
    new AppError(429, "too_many_attempts", "login.tooMany", {
      vars: { minutes },
      extra: { retryAfterSeconds: wait },
      headers: { "Retry-After": String(wait) },
    }),
    await requestLocale(),
  );
}
