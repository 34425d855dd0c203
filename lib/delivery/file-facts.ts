import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { deliveryDocuments } from "@/lib/db/schema/delivery";
import { notFound } from "@/lib/errors";
import { ALGORITHM_NAMES } from "@/lib/format";
import { log } from "@/lib/log";
import type { ProviderClient } from "@/lib/provider/client";
import { ProviderError } from "@/lib/provider/errors";
import {
  expectedHash,
  factsLeftOut,
  hashMatches,
  normaliseFacts,
  type ExpectedHash,
  type FileFacts,
  type HashCheck,
} from "@/lib/provider/facts";
import { recordEvent, type Actor } from "@/lib/audit/audit";
import { countConfirmation } from "@/lib/process/metrics";
import { recordFetched, type Fetched } from "@/lib/archive/fetched";
import { pendingKey, settlePendingArchive } from "@/lib/archive/pending";
import type { ArchivedFile } from "@/lib/archive/sink";

/**
 * What the DTA service says about a document's file (docs/api.md, "File facts"). The
 * list's entry is the first source; only when it leaves every file fact out is the single
 * document asked (`GET /v1/documents/out/{id}`), once per document: the answer is stored, and so
 * is the fact that it had none. Never during a sync walk (a request per document would not
 * scale): only when a file is fetched or the document's own route is read.
 */

export type FactsSource = "list" | "document";
/** The facts as the API answers them, with the check of the archived bytes against them. */
export type FactsView = FileFacts & {
  source: FactsSource | null;
  /** The provider's hash as a digest we check; null: no hashvalue, or one we only show. */
  hash: (ExpectedHash & { actual: string | null; matches: boolean | null }) | null;
  /** The archived file's size, when it differs from `filesize` (shown, never enforced). */
  sizeDiffers: number | null;
};

type Stored = { document: Record<string, unknown> | null; facts: FileFacts | null; asked: boolean };

/** The facts in force: the list's unless it left them out, then the single document's (when asked). */
export function factsOf(row: Stored): { facts: FileFacts; source: FactsSource | null } {
  const listed = normaliseFacts(row.document ?? {});
  if (!factsLeftOut(listed)) return { facts: listed, source: "list" };
  if (row.facts && !factsLeftOut(row.facts))
    return {
      facts: { ...row.facts, doctypeversion: listed.doctypeversion ?? row.facts.doctypeversion },
      source: "document",
    };
  return { facts: listed, source: null };
}

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

/** The archived bytes against the expected digest (computed in the archive's own pass). */
export function checkHash(expected: ExpectedHash | undefined, file: ArchivedFile): HashCheck | undefined {
  if (!expected) return undefined;
  const actual =
    expected.algorithm === "sha256"
      ? file.sha256
      : file.digest?.algorithm === expected.algorithm
        ? file.digest.hex
        : undefined;
  return actual === undefined ? undefined : { ...expected, actual };
}

/**
 * The check of bytes archived before against `expected`, when it is known without reading them
 * again (their SHA-256 is; another digest only when it was checked against this very hash);
 * false: they must be fetched again to be checked. Undefined: there is nothing to check.
 */
export function knownCheck(
  expected: ExpectedHash | undefined,
  file: ArchivedFile,
  stored: HashCheck | null,
): HashCheck | undefined | false {
  if (!expected) return undefined;
  if (expected.algorithm === "sha256") return checkHash(expected, file);
  return stored && stored.algorithm === expected.algorithm && stored.hex === expected.hex ? stored : false;
}

/**
 * A confirmation refused because the provider delivered other bytes than it describes: the
 * fetch that found it is recorded (row and event, when the bytes are new), then the refusal, as
 * an outcome that sent nothing. The answer is 409 `hash_mismatch` (docs/api.md).
 */
export async function refuseMismatch(
  db: Db,
  input: { connection: ConnectionRow; documentid: string; actor: Actor; check: HashCheck; fetched?: Fetched },
) {
  if (input.fetched) await recordFetched(db, input.fetched);
  await recordEvent(db, {
    kind: "confirm.outcome",
    actor: input.actor,
    connectionId: input.connection.id,
    documentid: input.documentid,
    detail: {
      state: "failed",
      code: "hash_mismatch",
      sent: false,
      algorithm: input.check.algorithm,
      expected: input.check.hex,
      actual: input.check.actual,
    },
  });
  countConfirmation("failed");
  const vars = {
    algorithm: ALGORITHM_NAMES[input.check.algorithm],
    expected: input.check.hex,
    actual: input.check.actual,
  };
  return { code: "hash_mismatch", messageKey: "fileFacts.confirm.hashMismatch" as const, vars, status: 409 };
}

/** The digest the archive must compute besides its own SHA-256 to check `expected`. */
export const extraDigest = (expected: ExpectedHash | undefined) =>
  expected && expected.algorithm !== "sha256" ? expected.algorithm : undefined;

/** Asks of the same document already under way in this process: a view and its facts route share one. */
const asking = new Map<string, Promise<FileFacts | null | undefined>>();

/**
 * The single document's facts; null when the provider no longer has it (404, 410); undefined when it could not say now.
 */
async function ask(client: ProviderClient, documentid: string, kd: string): Promise<FileFacts | null | undefined> {
  try {
    return normaliseFacts(await client.document(documentid, kd ? { kd } : {}));
  } catch (err) {
    if (err instanceof ProviderError && (err.kind === "not_found" || err.kind === "gone")) return null;
    log().warn(
      { documentid, err: err instanceof ProviderError ? err.kind : err },
      "the provider's single document could not be read",
    );
    return undefined;
  }
}

/**
 * The facts of a DTA document, asking the provider's single document when the list left them out
 * and nobody asked before; the answer (also "none") is stored on the document's row. A provider
 * that cannot answer now is asked again next time. UVI documents have none (undefined).
 */
export async function ensureFacts(
  db: Db,
  connection: ConnectionRow,
  client: ProviderClient,
  documentid: string,
  kd: string,
) {
  if (connection.service !== "dta") return undefined;
  const [row] = rowsOf<{ document: Record<string, unknown> | null; facts: FileFacts | null; asked: boolean }>(
    await db.execute(sql`
      SELECT document, facts, facts_asked_at IS NOT NULL AS asked FROM delivery_documents
      WHERE connection_id = ${connection.id} AND documentid = ${documentid}`),
  );
  const stored: Stored = row ?? { document: null, facts: null, asked: false };
  const known = factsOf(stored);
  if (known.source === "list" || stored.asked) return known;
  const key = `${connection.id}\u0000${documentid}`;
  let answer = asking.get(key);
  if (!answer) {
    answer = ask(client, documentid, kd).finally(() => asking.delete(key));
    asking.set(key, answer);
  }
  const facts = await answer;
  if (facts === undefined) return known;
  await db.execute(sql`
    UPDATE delivery_documents SET facts = ${facts === null ? null : JSON.stringify(facts)}::jsonb, facts_asked_at = now()
    WHERE connection_id = ${connection.id} AND documentid = ${documentid} AND facts_asked_at IS NULL`);
  return factsOf({ ...stored, facts, asked: true });
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
