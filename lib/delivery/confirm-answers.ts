import "server-only";
import { AppError } from "@/lib/errors";
import { translate, type Locale } from "@/lib/i18n/messages";
import type { ConfirmResult } from "./confirm";

/** One NDJSON line of a bulk confirmation: `{documentid, state, error?, message?}` in the caller's language (docs/api.md). */
export function resultLine(r: ConfirmResult, locale: Locale) {
  return { documentid: r.documentid, state: r.state, ...(r.error && { error: r.error.code, message: translate(locale, r.error.messageKey) }) };
}

/** The answer of `PUT .../status`: 200 when confirmed, else the error shape with the state. */
export function confirmAnswer(r: ConfirmResult): { documentid: string; state: "confirmed" } {
  if (r.state === "confirmed") return { documentid: r.documentid, state: "confirmed" };
  const e = r.error ?? { code: "confirm_failed", messageKey: "delivery.confirm.notFetched" as const, status: 502 };
  throw new AppError(e.status, e.code, e.messageKey, { extra: { state: r.state, ...(e.providerStatus && { providerStatus: e.providerStatus }) } });
}
