import { XMLBuilder } from "fast-xml-parser";
import type { DocumentSummary } from "./documents";

/** The DTA document and list bodies, as JSON objects and as XML (docs/sandbox.md, "Its own choices"). */

type Link = { href: string } | null;

export function dtaDocument(d: DocumentSummary, origin: string) {
  const self = { href: `${origin}/dta/v1/documents/out/${encodeURIComponent(d.documentid)}` };
  return {
    documentid: d.documentid,
    filename: d.filename,
    filesize: d.facts?.filesize ?? null,
    filesizecompressed: d.facts?.filesizecompressed ?? null,
    filedate: d.facts?.filedate ?? null,
    doctype: d.doctype,
    doctypeversion: d.doctypeversion ?? "",
    mimetype: d.mimetype,
    propertymanagement: d.propertymanagement ?? "",
    metadata: d.metadata,
    hashvalue: d.facts?.hashvalue ?? null,
    content: null,
    links: { self },
    _links: { self },
  };
}

export function dtaList(docs: DocumentSummary[], origin: string, offset: number, limit: number, hasMore: boolean) {
  const href = (o: number): Link => ({ href: `${origin}/dta/v1/documents/out?offset=${o}&limit=${limit}` });
  const links = {
    self: href(offset),
    prev: offset > 0 ? href(Math.max(0, offset - limit)) : null,
    next: hasMore ? href(offset + limit) : null,
  };
  return { links, _links: links, documents: docs.map((d) => dtaDocument(d, origin)) };
}

const builder = new XMLBuilder({ ignoreAttributes: true, format: true, suppressEmptyNode: true });

/** XML of a JSON body: arrays become repeated child elements (`documents/document`, `metadata/reference`). */
export function toXml(root: string, body: unknown): string {
  const shape = (value: unknown, key?: string): unknown => {
    if (value === null || value === undefined) return "";
    if (Array.isArray(value)) {
      const child = key === "documents" ? "document" : key === "metadata" ? "reference" : "item";
      return { [child]: value.map((v) => shape(v)) };
    }
    if (typeof value === "object") {
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, shape(v, k)]));
    }
    return value;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [root]: shape(body) }) as string}`;
}
