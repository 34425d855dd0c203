import "server-only";
import { env } from "@/lib/env";
import { AppError, type ErrorCode } from "@/lib/errors";
import type { MessageKey } from "@/lib/i18n/messages";
import { ProviderError, type ProviderErrorKind } from "@/lib/provider/errors";

type Mapping = { status: number; code: ErrorCode; key: MessageKey };

const LIST: Record<ProviderErrorKind, Mapping> = {
  refused: { status: 502, code: "provider_refused", key: "connections.error.refused" },
  unreachable: { status: 502, code: "provider_unreachable", key: "connections.error.unreachable" },
  timeout: { status: 504, code: "provider_timeout", key: "connections.error.timeout" },
  auth: { status: 502, code: "provider_auth", key: "connections.error.auth" },
  forbidden: { status: 502, code: "provider_forbidden", key: "connections.error.forbidden" },
  not_found: { status: 502, code: "provider_unexpected", key: "connections.error.unexpected" },
  gone: { status: 502, code: "provider_unexpected", key: "connections.error.unexpected" },
  rate_limited: { status: 503, code: "provider_rate_limited", key: "connections.error.rateLimited" },
  unavailable: { status: 503, code: "provider_unavailable", key: "connections.error.unavailable" },
  unexpected: { status: 502, code: "provider_unexpected", key: "connections.error.unexpected" },
  too_large: { status: 502, code: "provider_too_large", key: "connections.error.tooLarge" },
  implausible_count: { status: 502, code: "provider_count_implausible", key: "connections.error.countImplausible" },
  bad_link: { status: 502, code: "provider_bad_link", key: "connections.error.badLink" },
  bad_id: { status: 400, code: "invalid_document_id", key: "connections.error.badId" },
  aborted: { status: 502, code: "provider_aborted", key: "connections.error.unreachable" },
};

/** For a route about one document, a 403/404/410 of the provider concerns that document. */
const DOCUMENT: Partial<Record<ProviderErrorKind, Mapping>> = {
  forbidden: { status: 404, code: "document_not_found", key: "connections.error.documentNotFound" },
  not_found: { status: 404, code: "document_not_found", key: "connections.error.documentNotFound" },
  gone: { status: 410, code: "document_gone", key: "connections.error.documentGone" },
  too_large: { status: 502, code: "provider_too_large", key: "delivery.file.tooLarge" },
};

/**
 * A provider failure as the project's error (docs/api.md, "Provider failures"): the kind decides the words, never the
 * provider's body.
 */
export function providerAppError(
  err: unknown,
  scope: "list" | "document" = "list",
  extra?: Record<string, unknown>,
): unknown {
  if (!(err instanceof ProviderError)) return err;
  const m = (scope === "document" ? DOCUMENT[err.kind] : undefined) ?? LIST[err.kind];
  return new AppError(m.status, m.code, m.key, {
    // The one message with a figure: the file size limit a document is over.
    ...(m.key === "delivery.file.tooLarge" && { vars: { mb: Math.round(env().maxDocumentBytes / (1024 * 1024)) } }),
    // The provider's status and our request id (also in the log) help support; never its body.
    extra: {
      ...extra,
      ...(err.details.status ? { providerStatus: err.details.status } : {}),
      ...(err.details.requestId ? { requestId: err.details.requestId } : {}),
    },
    cause: err,
  });
}
