import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { log } from "@/lib/log";
import type { ProviderClient } from "@/lib/provider/client";
import { ProviderError } from "@/lib/provider/errors";
import { factsLeftOut, normaliseFacts, type ExpectedHash, type FileFacts, type HashCheck } from "@/lib/provider/facts";
import type { ArchivedFile } from "./sink";

/**
 * What the DTA service says about a document's file (docs/api.md, "File facts"). The
 * list's entry is the first source; only when it leaves every file fact out is the single
 * document asked (`GET /v1/documents/out/{id}`), once per document: the answer is stored, and so
 * is the fact that it had none. Never during a sync walk (a request per document would not
 * scale): only when a file is fetched or the document's own route is read. Archived bytes are
 * checked against the hash they give (ensure.ts); lib/delivery/file-facts.ts shows them on a page.
 */

export type FactsSource = "list" | "document";

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
