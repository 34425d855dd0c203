import "server-only";
import { after } from "next/server";
import { providerAppError } from "@/lib/connections/errors";
import { contentDispositionFor, safeContentType } from "@/lib/connections/files";
import { providerFor } from "@/lib/connections/provider";
import type { Db } from "@/lib/db/client";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { DocumentPage } from "@/lib/provider/client";
import { kdOf } from "@/lib/provider/dta";
import { expectedHash } from "@/lib/provider/facts";
import { ImplausibleCountError } from "@/lib/provider/schemas";
import type { Actor } from "@/lib/audit/audit";
import { checkHash, ensureFacts, extraDigest } from "@/lib/archive/facts";
import { recordFetched } from "@/lib/archive/fetched";
import { teeToArchive } from "@/lib/archive/write";
import { indexDocuments } from "./document-index";

/**
 * The provider's documents through the dashboard (docs/architecture.md, "List" and "View"): the
 * list updates the index on the way, the file streams to the browser and into the archive.
 */

type Call = { kd?: string; signal?: AbortSignal };
export type ConnectionWork = { db: Db; connection: ConnectionRow; actor: Actor };

/**
 * A provider failure of a list, count or walk as the project's error. An implausible count says
 * what the provider claimed and the most that is read, so a person can tell the provider.
 */
export function listFailure(err: unknown): unknown {
  const mapped = providerAppError(err);
  if (!(err instanceof ImplausibleCountError) || !(mapped instanceof AppError)) return mapped;
  const key = err.count === undefined ? "connections.error.countNotNumber" : mapped.messageKey;
  return new AppError(mapped.status, mapped.code, key, {
    ...mapped.options,
    vars: { count: String(err.count ?? ""), max: String(err.max) },
  });
}

export async function listDocuments(
  p: ConnectionWork,
  page: { offset: number; limit: number } & Call,
): Promise<DocumentPage> {
  const client = providerFor(p.connection);
  let result: DocumentPage;
  try {
    result = await client.listPage(page.offset, page.limit, { kd: page.kd, signal: page.signal });
  } catch (err) {
    throw listFailure(err);
  }
  // The index is brought up to date after the answer has gone out: the page does not wait for
  // it (with the embedded database the statement runs on this thread, so starting it before the
  // answer is written would hold the answer up). Rows already indexed as listed are not written
  // again (`listed`, see `indexDocuments`), so paging through an unchanged list writes nothing.
  const seenAt = new Date();
  const scope = { connectionId: p.connection.id, kd: kdOf(p.connection, page.kd) };
  const update = () =>
    indexDocuments(p.db, scope, result.documents, seenAt, { listed: true }).catch((err: unknown) =>
      log().error({ err, connectionId: p.connection.id }, "indexing a listed page failed"),
    );
  try {
    after(update);
  } catch {
    // Not inside a request (a script, a test): now.
    void update();
  }
  return result;
}

export async function countDocuments(connection: ConnectionRow, call: Call): Promise<{ count: number }> {
  const client = providerFor(connection);
  try {
    return { count: await client.count(call) };
  } catch (err) {
    throw listFailure(err);
  }
}

export type FileMeta = { contentType: string; contentDisposition: string; contentLength?: string };

/**
 * The provider's file, streamed (never buffered whole) and archived while it passes (committed and recorded right after
 * the last byte).
 */
export async function documentData(
  p: ConnectionWork,
  documentid: string,
  call: Call,
): Promise<{ meta: FileMeta; stream: ReadableStream<Uint8Array> }> {
  const client = providerFor(p.connection);
  const kd = kdOf(p.connection, call.kd);
  // The provider's hash is needed before the last byte (its digest is computed in the archive's
  // pass), not before the first: asked beside the file, so the view waits for the slower of the two.
  const known = ensureFacts(p.db, p.connection, client, documentid, kd).catch((err: unknown) => {
    log().error({ err, connectionId: p.connection.id }, "reading a document's file facts failed");
    return undefined;
  });
  let file;
  try {
    file = await client.data(documentid, call);
  } catch (err) {
    await known;
    throw providerAppError(err, "document");
  }
  const expected = expectedHash((await known)?.facts.hashvalue ?? null);
  const type = safeContentType(file.contentType);
  const stream = teeToArchive(
    p.db,
    file.body,
    (archived) =>
      recordFetched(p.db, {
        connection: p.connection,
        documentid,
        kd,
        actor: p.actor,
        file: archived,
        contentType: type,
        filename: file.filename,
        via: "view",
        check: checkHash(expected, archived),
      }),
    { connectionId: p.connection.id, documentid },
    extraDigest(expected),
  );
  return {
    meta: {
      contentType: type,
      contentDisposition: contentDispositionFor(file.filename, documentid, type),
      ...(file.contentLength && /^\d{1,15}$/.test(file.contentLength) && { contentLength: file.contentLength }),
    },
    stream,
  };
}
