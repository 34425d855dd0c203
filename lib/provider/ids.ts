import { ProviderError } from "./errors";

export const MAX_DOCUMENT_ID_LENGTH = 200;

/**
 * A document id as one encoded path segment. Ids that are empty or `.`, contain `..`, `/`, `\` or
 * control characters, or run over 200 characters are refused before any request is made.
 */
export function documentIdSegment(id: string): string {
  if (
    id.length === 0 ||
    id.length > MAX_DOCUMENT_ID_LENGTH ||
    id === "." ||
    id.includes("..") ||
    /[/\\]/.test(id) ||
    /[\u0000-\u001f\u007f-\u009f]/.test(id)
  ) {
    throw new ProviderError("bad_id");
  }
  return encodeURIComponent(id);
}
