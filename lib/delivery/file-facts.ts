import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { deliveryDocuments } from "@/lib/db/schema/delivery";
import { notFound } from "@/lib/errors";
import type { ProviderClient } from "@/lib/provider/client";
import { expectedHash, hashMatches, type ExpectedHash, type FileFacts, type HashCheck } from "@/lib/provider/facts";
import { ensureFacts, factsOf, knownCheck, type FactsSource } from "@/lib/archive/facts";
import { pendingKey, settlePendingArchive } from "@/lib/archive/pending";

/**
 * What the DTA service says about a document's file as the dashboard shows it (docs/api.md, "File facts"): the facts
 * in force (lib/archive/facts.ts) with the check of the archived bytes against them.
 */

/** The facts as the API answers them, with the check of the archived bytes against them. */
export type FactsView = FileFacts & {
  source: FactsSource | null;
  /** The provider's hash as a digest we check; null: no hashvalue, or one we only show. */
  hash: (ExpectedHash & { actual: string | null; matches: boolean | null }) | null;
  /** The archived file's size, when it differs from `filesize` (shown, never enforced). */
  sizeDiffers: number | null;
};

/** The facts with what the archive found: the hash check as stored with the bytes, the size as archived. */
export function factsView(
  facts: FileFacts,
  source: FactsSource | null,
  archived: { check: HashCheck | null; sha256: string | null; bytes: number | null },
): FactsView {
  const expected = expectedHash(facts.hashvalue);
  const { bytes, sha256 } = archived;
  // A check of another expectation (the provider changed its hash since) says nothing about this
  // one; the archive's own SHA-256 answers a SHA-256 at any time.
  const fits = (expected && knownCheck(expected, { sha256: sha256 ?? "", bytes: bytes ?? 0 }, archived.check)) || null;
  return {
    ...facts,
    source,
    hash: expected
      ? { ...expected, actual: fits?.actual || null, matches: fits?.actual ? hashMatches(fits) : null }
      : null,
    sizeDiffers: bytes !== null && facts.filesize !== null && bytes !== facts.filesize ? bytes : null,
  };
}

/** A document's row as the facts need it (the record's columns). */
export type FactsRow = {
  service: string;
  document: Record<string, unknown> | null;
  facts: FileFacts | null;
  factsAskedAt: Date | string | null;
  hashCheck: HashCheck | null;
  sha256: string | null;
  bytes: number | null;
};

/** The facts of a stored row, without asking anybody (support's record); null for a UVI document. */
export function storedFactsView(row: FactsRow): FactsView | null {
  if (row.service !== "dta") return null;
  const { facts, source } = factsOf({ document: row.document, facts: row.facts, asked: row.factsAskedAt !== null });
  return factsView(facts, source, {
    check: row.hashCheck,
    sha256: row.sha256,
    bytes: row.bytes === null ? null : Number(row.bytes),
  });
}

/**
 * One document of a connection with what the provider says about its file
 * (`GET /api/connections/{id}/documents/{documentid}`): the single document is asked when the
 * list left the facts out and nobody asked before. A view whose bytes are still being committed
 * is awaited first, so the hash check of a file just shown is there.
 */
export async function documentWithFacts(
  db: Db,
  connection: ConnectionRow,
  client: ProviderClient,
  documentid: string,
  kd: string,
) {
  await settlePendingArchive(pendingKey(connection.id, documentid));
  await ensureFacts(db, connection, client, documentid, kd);
  const d = deliveryDocuments;
  const [row] = await db
    .select({
      documentid: d.documentid,
      filename: d.filename,
      mimetype: d.mimetype,
      state: d.state,
      sha256: d.sha256,
      bytes: d.bytes,
      fetchedAt: d.fetchedAt,
      document: d.document,
      facts: d.facts,
      factsAskedAt: d.factsAskedAt,
      hashCheck: d.hashCheck,
    })
    .from(d)
    .where(and(eq(d.connectionId, connection.id), eq(d.documentid, documentid)));
  if (!row) throw notFound("fileFacts.notFound");
  return {
    documentid: row.documentid,
    filename: row.filename,
    mimetype: row.mimetype,
    state: row.state,
    sha256: row.sha256,
    bytes: row.bytes,
    fetchedAt: row.fetchedAt?.toISOString() ?? null,
    facts: storedFactsView({ ...row, service: connection.service }),
  };
}
export type DocumentWithFacts = Awaited<ReturnType<typeof documentWithFacts>>;
