import "server-only";
import { AppError } from "@/lib/errors";
import { translate, type Locale } from "@/lib/i18n/messages";
import type { ConfirmResult } from "./results";

/**
 * One NDJSON line of a bulk confirmation: `{documentid, state, error?, message?, confirmedBy?,
 * confirmedAt?}` in the caller's language (docs/api.md); the last two when it was confirmed before
 * this run came to it.
 */
export function resultLine(r: ConfirmResult, locale: Locale) {
  return {
    documentid: r.documentid,
    state: r.state,
    ...(r.error && { error: r.error.code, message: translate(locale, r.error.messageKey, r.error.vars) }),
    ...(r.earlier && {
      confirmedBy: r.earlier.by,
      confirmedAt: r.earlier.at,
      message: translate(locale, "delivery.confirm.byOther", {
        who: r.earlier.by ?? "—",
        at: r.earlier.at.slice(0, 16).replace("T", " "),
      }),
    }),
  };
}

/** The answer of `PUT .../status`: 200 when confirmed, else the error shape with the state. */
export function confirmAnswer(r: ConfirmResult): {
  documentid: string;
  state: "confirmed";
  confirmedBy?: string | null;
  confirmedAt?: string;
} {
  if (r.state === "confirmed")
    return {
      documentid: r.documentid,
      state: "confirmed",
      ...(r.earlier && { confirmedBy: r.earlier.by, confirmedAt: r.earlier.at }),
    };
  const e = r.error ?? { code: "confirm_failed", messageKey: "delivery.confirm.notFetched" as const, status: 502 };
  throw new AppError(e.status, e.code, e.messageKey, {
    vars: e.vars,
    extra: { state: r.state, ...(e.providerStatus && { providerStatus: e.providerStatus }) },
  });
}
