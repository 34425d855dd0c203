import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import { ProviderError } from "./errors";

/**
 * Provider answers, parsed liberally: unknown fields kept, nulls tolerated, numbers where strings
 * were expected accepted. Both services end up in one `ProviderDocument` shape with UVI names.
 * See docs/provider-client.md, "Reading answers".
 */

const Text = z.union([z.string(), z.number(), z.boolean()]).transform(String);
const OptText = Text.nullish();

/** XML turns one-element lists into objects and empty lists into "": make them arrays again. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === "") return [];
    if (Array.isArray(v)) return v;
    if (typeof v === "object") {
      const inner = Object.values(v as Record<string, unknown>);
      // <documents><document>..</document></documents> or <metadata><item>..</item></metadata>
      if (inner.length === 1 && (Array.isArray(inner[0]) || typeof inner[0] === "object")) {
        const only = inner[0];
        if (Array.isArray(only)) return only;
        const keys = Object.keys(v as object)[0] ?? "";
        if (["document", "metadata", "item", "entry"].includes(keys)) return [only];
      }
      return [v];
    }
    return v;
  }, z.array(item));

const Link = z
  .union([z.looseObject({ href: z.string().nullish() }), z.string()])
  .nullish()
  .transform((v) => (typeof v === "string" ? v : (v?.href ?? undefined)) || undefined);
const Links = z
  .looseObject({ self: Link.optional(), next: Link.optional(), prev: Link.optional() })
  .nullish()
  .catch(null);

export const ProviderMetadata = z.looseObject({
  reftype: OptText,
  mscnumber: OptText,
  pmnumber: OptText,
  from: OptText,
  to: OptText,
});
export type ProviderMetadata = z.infer<typeof ProviderMetadata>;

export const ProviderDocumentRaw = z.looseObject({
  documentid: Text,
  filename: OptText,
  doctype: OptText,
  mimetype: OptText,
  propertymanagement: OptText,
  metadata: listOf(ProviderMetadata).catch([]),
  links: Links.optional(),
  _links: Links.optional(),
});

export const ProviderDocumentList = z.looseObject({
  documents: listOf(ProviderDocumentRaw),
  links: Links.optional(),
  _links: Links.optional(),
  count: z.coerce.number().int().min(0).optional().catch(undefined),
});

/** A count answer: `count` must be there; whether it can be true is for `plausibleCount` to say. */
export const ProviderCount = z.looseObject({ count: z.unknown().refine((v) => v !== undefined) });

/** A count that cannot be true: negative, fractional, not a number, or more than `max` (SYNC_MAX_DOCUMENTS). */
export class ImplausibleCountError extends ProviderError {
  constructor(
    /** The number claimed, when it was one (finite); undefined for anything else. */
    readonly count: number | undefined,
    readonly max: number,
  ) {
    super("implausible_count");
  }
}

const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i;

/**
 * The provider's count as a number the walk and the list may plan with: an integer from 0 to
 * `max`, else ImplausibleCountError. XML sends it as text, so numeric text counts; `null`,
 * booleans and "" do not (zod's coercion made them 0 or 1).
 */
export function plausibleCount(value: unknown, max: number): number {
  const n =
    typeof value === "number" ? value : typeof value === "string" && NUMERIC.test(value) ? Number(value) : undefined;
  if (n === undefined || !Number.isSafeInteger(n) || n < 0 || n > max)
    throw new ImplausibleCountError(n !== undefined && Number.isFinite(n) ? n : undefined, max);
  return n;
}

export const TokenAnswer = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().nullish(),
  expires_in: z.coerce.number().positive().nullish().catch(null),
});

export const DiscoveryDocument = z.looseObject({ token_endpoint: z.string().min(1) });

export type ProviderDocument = Record<string, unknown> & {
  documentid: string;
  filename: string;
  doctype: string;
  mimetype: string;
  propertymanagement: string;
  metadata: ProviderMetadata[];
};

/** Largest document entry of a list (all its fields as JSON): it is kept in the index and answered on every list. */
export const MAX_DOCUMENT_BYTES = 128 * 1024;

const MIME_ALIASES: Record<string, string> = { zip: "application/zip", pdf: "application/pdf", xml: "application/xml" };

/**
 * One document shape for both services: every field the provider sent, with UVI names; a document over
 * MAX_DOCUMENT_BYTES is `too_large`.
 */
export function normaliseDocument(raw: z.infer<typeof ProviderDocumentRaw>, fallbackMime: string): ProviderDocument {
  const { links: _l, _links: _u, ...rest } = raw;
  if (Buffer.byteLength(JSON.stringify(rest)) > MAX_DOCUMENT_BYTES) throw new ProviderError("too_large");
  const mime = (raw.mimetype ?? "").trim();
  return {
    ...rest,
    documentid: raw.documentid,
    filename: raw.filename ?? "",
    doctype: raw.doctype ?? "",
    mimetype: MIME_ALIASES[mime.toLowerCase()] ?? (mime || fallbackMime),
    propertymanagement: raw.propertymanagement ?? "",
    metadata: raw.metadata,
  };
}

export function nextLinkOf(list: z.infer<typeof ProviderDocumentList>): string | undefined {
  return list._links?.next ?? list.links?.next ?? undefined;
}

const xml = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, removeNSPrefix: true });

/** Parses an XML answer and unwraps its single root element. */
export function parseXml(text: string): unknown {
  const doc = xml.parse(text) as Record<string, unknown>;
  const roots = Object.keys(doc).filter((k) => !k.startsWith("?"));
  const root = roots.length === 1 ? doc[roots[0]!] : doc;
  // <count>5</count> as the whole answer.
  if (roots.length === 1 && (root === null || typeof root !== "object")) return { [roots[0]!]: root };
  if (root && typeof root === "object" && !Array.isArray(root)) {
    const obj = root as Record<string, unknown>;
    // A list root may hold its documents directly as repeated <document> elements.
    if (!("documents" in obj) && "document" in obj) return { ...obj, documents: obj.document };
  }
  return root;
}
