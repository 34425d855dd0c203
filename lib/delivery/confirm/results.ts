import "server-only";
import { providerAppError } from "@/lib/connections/errors";
import type { ConfirmationState } from "@/lib/db/schema/delivery";
import { AppError, type ErrorCode } from "@/lib/errors";
import type { MessageKey, MessageVars } from "@/lib/i18n/messages";
import { ProviderError } from "@/lib/provider/errors";
import type { Known } from "./known";

/** What a confirmation reports for one document (one.ts), and how a failure or someone else's hold reads. */

export type ConfirmResult = {
  documentid: string;
  state: ConfirmationState;
  /** Why it is not confirmed, in the caller's words later. */
  error?: { code: ErrorCode; messageKey: MessageKey; vars?: MessageVars; status: number; providerStatus?: number };
  /** Confirmed before this run came to it (by another run, tab or instance): by whom and when. */
  earlier?: { by: string | null; at: string };
};

export const NOT_AGAIN: Record<Exclude<ConfirmationState, "failed">, ConfirmResult["error"]> = {
  confirmed: undefined,
  pending: { code: "confirm_pending", messageKey: "delivery.confirm.pending", status: 409 },
  // Asked again before reconciliation decided: nothing is sent.
  unknown: { code: "confirm_unknown", messageKey: "delivery.confirm.unknown", status: 409 },
};

/**
 * Why a document was not confirmed. The answer's status (docs/api.md, `PUT
 * /api/connections/{id}/documents/{documentid}/status`): a refused id is 400;
 * anything the provider did is 502, or 504 when it did not answer in time; our own failure 500.
 */
export function failure(err: unknown, fallback: MessageKey): NonNullable<ConfirmResult["error"]> {
  // Our own refusal with its own words (the archive's disk is full).
  if (err instanceof AppError)
    return {
      code: err.code,
      messageKey: err.messageKey,
      status: err.status,
      ...(err.options.vars && { vars: err.options.vars }),
    };
  const mapped = providerAppError(err, "document");
  if (mapped instanceof AppError && err instanceof ProviderError) {
    const providerStatus = err.details.status;
    const status = err.kind === "bad_id" ? 400 : err.kind === "timeout" ? 504 : 502;
    return {
      code: mapped.code,
      messageKey: mapped.messageKey,
      status,
      ...(mapped.options.vars && { vars: mapped.options.vars }),
      ...(providerStatus && { providerStatus }),
    };
  }
  return { code: "archive_failed", messageKey: fallback, status: 500 };
}

/** Failures whose own words say more than "could not be fetched": a file too large, a full disk, our archive. */
export const OWN_WORDS = new Set<ErrorCode>(["archive_failed", "archive_disk_full", "provider_too_large"]);

/**
 * A document whose intent row someone holds (pending, unknown, confirmed) is reported as it stands; nothing is sent.
 */
export function held(documentid: string, k: Known): ConfirmResult | undefined {
  if (!k.state || k.state === "failed") return undefined;
  return {
    documentid,
    state: k.state,
    ...(NOT_AGAIN[k.state] && { error: NOT_AGAIN[k.state] }),
    ...(k.earlier && { earlier: k.earlier }),
  };
}
