/** Content type and file name of a streamed document, made safe for our own answer headers. */

/**
 * The only types passed on from a provider (what the services deliver); anything else is served
 * as `application/octet-stream`, and as an attachment (`contentDispositionFor`), so a provider can
 * never make our origin render active content. Only PDF is shown inline.
 */
const PASSED_ON = new Set([
  "application/pdf",
  "application/zip",
  "application/octet-stream",
  "text/plain",
  "application/xml",
  "text/xml",
]);

export function safeContentType(providerType: string | undefined): string {
  const main = (providerType ?? "").split(";")[0]!.trim().toLowerCase();
  return PASSED_ON.has(main) ? main : "application/octet-stream";
}

/**
 * `name` in at most `max` characters (code points, never half a pair): a longer one keeps its start and its extension
 * with "…" between them. A provider's file name is kept whole only in its document's record; the index, every list
 * and every PDF take it cut at INDEXED_NAME_MAX (issue #44: a 100,000-character name stalled every proof).
 */
export function cutName(name: string, max: number): string {
  if (name.length <= max) return name;
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? "";
  return `${chars.slice(0, max - 1 - ext.length).join("")}…${ext}`;
}

/** The longest file name the index keeps (lib/delivery/document-index.ts). */
export const INDEXED_NAME_MAX = 255;

/** A file name without paths, control characters or quotes, at most 150 characters. */
export function sanitiseFilename(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f-\u009f"';%*<>?|:]/g, "_")
    .replace(/^[.\s]+/, "")
    .trim();
  return cutName(cleaned, 150);
}

const EXT: Record<string, string> = { "application/pdf": ".pdf", "application/zip": ".zip" };

export function contentDispositionFor(providerName: string | undefined, documentid: string, type: string): string {
  let name = sanitiseFilename(providerName) || sanitiseFilename(documentid) || "document";
  if (!/\.[A-Za-z0-9]{1,5}$/.test(name) && EXT[type]) name += EXT[type];
  const ascii = name.replace(/[^\x20-\x7e]/g, "_");
  const disposition = type === "application/pdf" ? "inline" : "attachment";
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
