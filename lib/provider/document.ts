import "server-only";
import { ProviderError } from "./errors";
import { documentIdSegment } from "./ids";
import type { Requester } from "./request";
import { MAX_DOCUMENT_BYTES, normaliseDocument, ProviderDocumentRaw, type ProviderDocument } from "./schemas";
import type { CallOptions } from "./service";

/** An XML answer says more than its JSON: the body may be this much larger than the entry it carries. */
const MAX_ANSWER_BYTES = 2 * MAX_DOCUMENT_BYTES;

/** The document itself, or the one inside a `{document: {...}}` wrapper some providers may send. */
function unwrap(raw: unknown): unknown {
  if (raw === null || typeof raw !== "object" || "documentid" in raw) return raw;
  const inner = (raw as { document?: unknown }).document;
  return inner !== null && typeof inner === "object" && !Array.isArray(inner) ? inner : raw;
}

/**
 * One document with its metadata: `GET {base}/v1/documents/out/{documentid}` (DTA), JSON or XML,
 * read like one entry of the list and bounded like it (`too_large` past MAX_DOCUMENT_BYTES). A
 * refusal is the usual ProviderError (`not_found` for 404, `gone` for 410), whatever its body.
 * See docs/provider-client.md, "File facts".
 */
export async function fetchDocument(
  req: Requester,
  documentid: string,
  opts: CallOptions = {},
): Promise<ProviderDocument> {
  const url = new URL(`${req.root.href}/${documentIdSegment(documentid)}`);
  const raw = await req.getJson(url, opts, { left: MAX_ANSWER_BYTES });
  const parsed = ProviderDocumentRaw.safeParse(unwrap(raw));
  if (!parsed.success) throw new ProviderError("unexpected", { status: 200 });
  return normaliseDocument(parsed.data, req.spec.fallbackMime);
}
