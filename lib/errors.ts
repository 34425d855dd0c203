import type { MessageKey, MessageVars } from "@/lib/i18n/messages";

/**
 * Every code an error answer's `error` may carry (docs/api.md): one closed list, so a code that is not here fails the
 * type check. Clients and tests match on these spellings; a code is added here, never changed.
 */
export const ERROR_CODES = [
  // Any route: the request, the caller, the process.
  "validation",
  "invalid_json",
  "payload_too_large",
  "bad_request", // a malformed path, answered by lib/cli/serve.mjs before the app sees it
  "bad_origin",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "too_many_attempts",
  "internal",
  "shutting_down",
  // Connections and the provider (lib/connections/errors.ts).
  "provider_refused",
  "provider_unreachable",
  "provider_aborted",
  "provider_timeout",
  "provider_auth",
  "provider_forbidden",
  "provider_unexpected",
  "provider_rate_limited",
  "provider_unavailable",
  "provider_too_large",
  "provider_count_implausible",
  "provider_bad_link",
  "invalid_document_id",
  "document_not_found",
  "document_gone",
  "secret_unreadable",
  "duplicate_connection",
  "sync_running",
  // Confirmations and the archive.
  "confirm_pending",
  "confirm_unknown",
  "confirm_failed",
  "hash_mismatch",
  "archive_failed",
  "archive_disk_full",
  "too_many_runs",
  // The DTA outbox.
  "already_sent",
  "not_unknown",
  "not_supported",
  // The unit register and tenancies.
  "not_csv",
  "too_many_rows",
  "no_unit",
  "not_decidable",
  "handed_on",
  "unit_on_hold", // an erasure of a unit on a legal hold (lib/register/hold.ts)
  // Hand-offs: the portal, the print, the proof.
  "no_resident",
  "public_url_missing",
  "public_url_too_long",
  "nothing_to_print",
  "nothing_to_post",
  "too_many_letters",
  "too_many_pages",
  "print_too_large",
  "print_too_slow",
  "print_too_complex",
  "print_cancelled",
  "print_unreadable",
  "sender_address_missing",
  "proof_too_slow",
  "proof_too_large",
  "proof_cancelled",
  // Teams (lib/teams): a team merged into itself.
  "same_team",
  // Four eyes (lib/releases).
  "own_request",
  "release_void",
  "release_not_open",
  // Operations.
  "backup_failed",
  "sandbox_unreachable",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type FieldError = { path: string; message: MessageKey; vars?: MessageVars };

/**
 * The only error whose message is meant for a person. It carries a message key, resolved in the
 * caller's language when the answer is written; any other error becomes a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly options: {
      vars?: MessageVars;
      fields?: FieldError[];
      /** Extra JSON fields of the answer, e.g. `state` of a confirmation. */
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(`${code}: ${messageKey}`, { cause: options.cause });
    this.name = "AppError";
  }
}

export const unauthorized = () => new AppError(401, "unauthorized", "error.unauthorized");
export const forbidden = () => new AppError(403, "forbidden", "error.forbidden");
export const notFound = (key: MessageKey = "error.notFound") => new AppError(404, "not_found", key);
