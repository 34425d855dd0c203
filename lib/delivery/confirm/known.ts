import "server-only";
import { sql } from "drizzle-orm";
import { accountOf, connectionsToAccount } from "@/lib/connections/account";
import { rowsOf } from "@/lib/db/rows";
import type { ConfirmationState } from "@/lib/db/schema/delivery";
import type { HashCheck } from "@/lib/provider/facts";
import { pendingKey, settlePendingArchive } from "@/lib/archive/pending";
import type { ArchivedFile } from "@/lib/archive/sink";
import type { ConfirmContext } from "./context";

/** What a confirmation reads before it claims (one.ts, step 1 of docs/architecture.md, "Confirm"). */

/**
 * What is known of a document before confirming it: its intent row's state, its archived bytes (and their hash check),
 * who confirmed it.
 */
export type Known = {
  state?: ConfirmationState;
  archived?: ArchivedFile;
  check?: HashCheck | null;
  earlier?: { by: string | null; at: string };
};

type Row = {
  documentid: string;
  state: ConfirmationState | null;
  sha256: string | null;
  bytes: number | null;
  check: HashCheck | null;
  confirmed_at: string | Date | null;
  by: string | null;
};

const knownOf = (row: Row): Known => ({
  ...(row.state && { state: row.state }),
  ...(row.sha256 &&
    row.bytes !== null && { archived: { sha256: row.sha256, bytes: Number(row.bytes) }, check: row.check }),
  ...(row.state === "confirmed" &&
    row.confirmed_at && { earlier: { by: row.by, at: new Date(row.confirmed_at).toISOString() } }),
});

/** The intent rows, archived bytes and confirmers of several documents of the connection, in one statement. */
export async function readKnown(ctx: ConfirmContext, documentids: string[]): Promise<Map<string, Known>> {
  const rows = rowsOf<Row>(
    await ctx.db.execute(sql`
      SELECT i.documentid, c.state, d.sha256, d.bytes::float8 AS bytes, d.hash_check AS check, d.confirmed_at, COALESCE(u.name, u.email) AS by
      FROM jsonb_array_elements_text(${JSON.stringify(documentids)}::jsonb) AS i(documentid)
      LEFT JOIN delivery_confirmations c ON c.connection_id = ${ctx.connection.id} AND c.documentid = i.documentid
      LEFT JOIN delivery_documents d ON d.connection_id = ${ctx.connection.id} AND d.documentid = i.documentid
      LEFT JOIN users u ON u.id = d.confirmed_by`),
  );
  return new Map(rows.map((row) => [row.documentid, knownOf(row)]));
}

/**
 * What is known of one document now. A view of it whose download has ended may still be
 * committing its bytes: that commit is awaited first, so only a finished archive and record count.
 */
export async function known(ctx: ConfirmContext, documentid: string): Promise<Known> {
  await settlePendingArchive(pendingKey(ctx.connection.id, documentid));
  return (await readKnown(ctx, [documentid])).get(documentid) ?? {};
}

/**
 * What is known of a document as a bulk run read it a moment ago (`read`, the run's slice), when
 * that says nobody holds it: the read a document would cost on its own is spared, which with the
 * embedded database is server-thread time. It is only a hint: the claim decides (a document
 * claimed meanwhile by someone else is reported as they hold it), and bytes archived meanwhile are
 * merely fetched again. A document someone held then, or missing from the read, is read afresh.
 */
export async function knownFrom(
  ctx: ConfirmContext,
  documentid: string,
  read: Map<string, Known> | undefined,
): Promise<Known> {
  const earlier = read?.get(documentid);
  if (!earlier || (earlier.state && earlier.state !== "failed")) return known(ctx, documentid);
  await settlePendingArchive(pendingKey(ctx.connection.id, documentid));
  return earlier;
}

/**
 * What another user's connection to the same provider account (a twin, lib/connections/account.ts)
 * knows of the document: confirmed through it (by whom, when) or being confirmed now. Asked only
 * when this connection's own record holds nothing and the provider no longer serves the document:
 * a confirmation through the twin is why.
 */
export async function knownThroughTwins(ctx: ConfirmContext, documentid: string): Promise<Known> {
  const twins = (
    await connectionsToAccount(ctx.db, accountOf(ctx.connection), { everyUser: true, exceptId: ctx.connection.id })
  ).map((c) => c.id);
  if (twins.length === 0) return {};
  const [row] = rowsOf<Pick<Row, "state" | "confirmed_at" | "by">>(
    await ctx.db.execute(sql`
      SELECT c.state, COALESCE(d.confirmed_at, c.finished_at) AS confirmed_at, COALESCE(u.name, u.email) AS by
      FROM delivery_confirmations c
      LEFT JOIN delivery_documents d ON d.connection_id = c.connection_id AND d.documentid = c.documentid
      LEFT JOIN users u ON u.id = c.actor_id
      WHERE c.connection_id IN (${sql.join(
        twins.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND c.documentid = ${documentid} AND c.state IN ('confirmed', 'pending')
      ORDER BY c.state = 'confirmed' DESC
      LIMIT 1`),
  );
  return row ? knownOf({ documentid, sha256: null, bytes: null, check: null, ...row }) : {};
}
