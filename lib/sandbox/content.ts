import "server-only";
import type { Db } from "@/lib/db/client";
import { readContent, type DocumentSummary, type Service } from "./documents";
import { generateUviPdf } from "./generate/uvi-pdf";
import { generateDtaZip } from "./generate/dta-zip";

/** Generated files are derived (same bytes every time), so a small per-instance cache is safe. */
const cache = new Map<string, Uint8Array>();
const CACHE_SIZE = 64;

export async function documentBytes(db: Db, service: Service, doc: DocumentSummary): Promise<Uint8Array | undefined> {
  const row = await readContent(db, service, doc.documentid);
  if (!row) return undefined;
  if (row.content) return row.content;
  const key = JSON.stringify([
    service,
    doc.documentid,
    row.generate,
    doc.filename,
    doc.doctype,
    doc.doctypeversion,
    doc.customer,
    doc.propertymanagement,
    doc.metadata,
  ]);
  const hit = cache.get(key);
  if (hit) return hit;
  const bytes = row.generate === "dta-zip" ? generateDtaZip(doc) : await generateUviPdf(doc);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, bytes);
  return bytes;
}

export function contentType(mimetype: string): string {
  if (mimetype.toUpperCase() === "ZIP") return "application/zip";
  return /^[a-z]+\/[a-z0-9.+-]+$/i.test(mimetype) ? mimetype : "application/octet-stream";
}
