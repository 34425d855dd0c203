/**
 * What can go wrong when talking to a provider, in the project's words. The provider's status and
 * a request id are kept for the log; a provider's body never is.
 * Their HTTP answers: docs/api.md, "Provider failures".
 */
export type ProviderErrorKind =
  | "refused" // the outbound guard refused the address or scheme; no request was made
  | "unreachable" // DNS, connection refused or reset before an answer
  | "timeout" // no answer, or a stalled body, within PROVIDER_TIMEOUT_MS
  | "auth" // credentials rejected (401, or token endpoint refused the client)
  | "forbidden" // 403: no access to this resource (also a document of another client)
  | "not_found" // 404
  | "gone" // 410
  | "rate_limited" // 429 after retries
  | "unavailable" // 5xx after retries
  | "unexpected" // an answer that is not what the service sends (wrong base URL, redirect, bad JSON)
  | "too_large" // an answer (or one request's pages together, or one document) over its size cap
  | "implausible_count" // a count that is negative, fractional, not a number or over SYNC_MAX_DOCUMENTS
  | "bad_link" // a paging link pointing away from the configured origin and path
  | "bad_id" // a document id that cannot be sent as one path segment
  | "aborted"; // the caller went away

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    readonly details: { status?: number; requestId?: string; url?: string; sent?: boolean; cause?: unknown } = {},
  ) {
    super(`provider ${kind}${details.status ? ` (HTTP ${details.status})` : ""}`, { cause: details.cause });
    this.name = "ProviderError";
  }
}
