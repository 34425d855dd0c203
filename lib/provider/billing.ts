import "server-only";
import { sql, type SQLWrapper } from "drizzle-orm";

/**
 * A file of a whole property: the index grouped the document under a `billingunit` reference (lib/delivery/document-index.ts,
 * `unitOf`: a DTA ZIP names the property's billing unit and many flats), so it belongs to no flat and no resident.
 * Read from the document's own metadata, on the rows a query hands out.
 */
export const isBilling = (document: SQLWrapper, unitMsc: SQLWrapper) =>
  sql<boolean>`(${unitMsc} IS NOT NULL AND EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${document}->'metadata') = 'array' THEN ${document}->'metadata' ELSE '[]'::jsonb END) m
    WHERE lower(m->>'reftype') = 'billingunit' AND btrim(m->>'mscnumber') = ${unitMsc}))`;

/** The same test on a document's metadata as the provider listed it: `unit` is one of its `billingunit` references. */
export const namesBilling = (metadata: unknown, unit: string): boolean =>
  Array.isArray(metadata) &&
  metadata.some(
    (m: { reftype?: unknown; mscnumber?: unknown } | null) =>
      typeof m?.reftype === "string" &&
      m.reftype.toLowerCase() === "billingunit" &&
      typeof m.mscnumber === "string" &&
      m.mscnumber.trim() === unit,
  );
