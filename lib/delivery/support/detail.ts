import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { and, asc, eq, sql } from "drizzle-orm";
import { contentDispositionFor, safeContentType } from "@/lib/connections/files";
import type { Db } from "@/lib/db/client";
import { auditEvents, deliveryDocuments as d } from "@/lib/db/schema/delivery";
import { notFound } from "@/lib/errors";
import { openArchived } from "@/lib/archive/read";
import { storedFactsView, type FactsView } from "@/lib/delivery/file-facts";
import type { FileFacts, HashCheck } from "@/lib/provider/facts";
import { assertSupport, selectRecords, toRecord, type DeliveryRecord } from "./records";
import { DeliveryKey } from "./schemas";

/**
 * One document of support's delivery record: its detail with its events and stored file facts, and its archived file.
 */

function keyOf(input: unknown): { connectionId: string; documentid: string } {
  const key = DeliveryKey.safeParse(input);
  if (!key.success) throw notFound("deliveryRecord.notFound");
  return { connectionId: key.data.connection, documentid: key.data.documentid };
}

const byKey = (k: { connectionId: string; documentid: string }) =>
  and(eq(d.connectionId, k.connectionId), eq(d.documentid, k.documentid));

export type DeliveryEvent = { at: string; kind: string; actor: string; detail: Record<string, unknown> };

/** What the record's facts are read from (lib/delivery/file-facts.ts). */
const factsColumns = {
  document: sql<Record<string, unknown>>`${d.document}`,
  facts: sql<FileFacts | null>`${d.facts}`,
  factsAskedAt: sql<string | null>`${d.factsAskedAt}::text`,
  hashCheck: sql<HashCheck | null>`${d.hashCheck}`,
};

export async function getDelivery(
  db: Db,
  principal: Principal,
  input: { connection: string; documentid: string },
): Promise<DeliveryRecord & { facts: FactsView | null; events: DeliveryEvent[] }> {
  assertSupport(principal);
  const key = keyOf(input);
  // One snapshot for the row and its events, so the record never shows an event (a fetch, an
  // attempt) without what it recorded on the row, nor the reverse.
  const [[row], events] = await db.transaction(
    async (tx) =>
      [
        await selectRecords(tx, factsColumns).where(byKey(key)).limit(1),
        await tx
          .select({ at: auditEvents.at, kind: auditEvents.kind, actor: auditEvents.actor, detail: auditEvents.detail })
          .from(auditEvents)
          .where(and(eq(auditEvents.connectionId, key.connectionId), eq(auditEvents.documentid, key.documentid)))
          .orderBy(asc(auditEvents.at), asc(auditEvents.id)),
      ] as const,
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  if (!row) throw notFound("deliveryRecord.notFound");
  // What the provider says about the file, as stored: support's reading never asks the provider.
  return {
    ...toRecord(row),
    facts: storedFactsView(row),
    events: events.map((e) => ({ ...e, at: e.at.toISOString() })),
  };
}

type FileMeta = { contentType: string; contentDisposition: string; contentLength: string };

/**
 * The archived bytes of a record, with headers made safe as for the live document route;
 * 404 when the document is unknown or nothing of it was archived.
 */
export async function openDeliveryFile(
  db: Db,
  principal: Principal,
  input: { connection: string; documentid: string },
): Promise<{ meta: FileMeta; stream: ReadableStream<Uint8Array> }> {
  assertSupport(principal);
  const key = keyOf(input);
  const [row] = await db
    .select({ filename: d.filename, mimetype: d.mimetype, sha256: d.sha256 })
    .from(d)
    .where(byKey(key))
    .limit(1);
  if (!row) throw notFound("deliveryRecord.notFound");
  const archived = row.sha256 ? await openArchived(db, row.sha256) : null;
  if (!archived) throw notFound("deliveryRecord.notArchived");
  const contentType = safeContentType(row.mimetype);
  return {
    meta: {
      contentType,
      contentDisposition: contentDispositionFor(row.filename, key.documentid, contentType),
      contentLength: String(archived.bytes),
    },
    stream: archived.stream,
  };
}
