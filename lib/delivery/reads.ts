import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

/**
 * "Gelesen" on the month page (migration 0032): the first time the connection's owner (a manager or
 * an admin, the only roles of the file route) fetched a document's file. One statement, written once.
 */
export async function recordRead(db: Db, p: Principal, connectionId: string, documentid: string): Promise<void> {
  await db.execute(sql`INSERT INTO document_reads (connection_id, documentid, read_by)
    VALUES (${connectionId}::uuid, ${documentid}, ${p.userId}::uuid) ON CONFLICT DO NOTHING`);
}
