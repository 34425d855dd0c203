import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import type { ArchivedFile } from "./archive";
import { recordEvent, type Actor } from "@/lib/audit/audit";

/**
 * Records that a document's bytes are archived: hash, size and time on its index row (made here
 * when the document was never listed, e.g. confirmed by id), and a `fetch` audit event.
 * See docs/architecture.md, "View" and "Archive before confirm".
 */
export async function recordFetched(
  db: Db,
  input: { connection: ConnectionRow; documentid: string; kd: string; actor: Actor; file: ArchivedFile; contentType: string; filename?: string; via: "view" | "confirm" },
): Promise<void> {
  const { connection, documentid, file } = input;
  const now = new Date().toISOString();
  await db.execute(sql`
    INSERT INTO delivery_documents (connection_id, documentid, kd, filename, doctype, mimetype, propertymanagement, document,
      first_seen_at, last_seen_at, sha256, bytes, fetched_at)
    VALUES (${connection.id}, ${documentid}, ${input.kd}, ${input.filename ?? documentid}, '', ${input.contentType}, '',
      ${JSON.stringify({ documentid })}::jsonb, ${now}::timestamptz, 'epoch'::timestamptz, ${file.sha256}, ${file.bytes}, ${now}::timestamptz)
    ON CONFLICT (connection_id, documentid) DO UPDATE SET sha256 = excluded.sha256, bytes = excluded.bytes, fetched_at = excluded.fetched_at`);
  await recordEvent(db, { kind: "fetch", actor: input.actor, connectionId: connection.id, documentid, detail: { ok: true, via: input.via, sha256: file.sha256, bytes: file.bytes } });
}
