import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { connections } from "@/lib/db/schema/connections";
import { accountOf, connectionsToAccount } from "@/lib/connections/account";
import { fillMap } from "./merge-units";

/**
 * The connections' part of a team merge (lib/teams/merge.ts), inside its transaction. A connection of `from` to the
 * same provider account as one of the kept team (the per-team duplicate rule of lib/connections/account.ts) is its
 * twin: its records are pointed at the kept connection through the map `merge_connections`, where the kept one has
 * the same record already, the kept one stays (a document confirmed on either side stays confirmed, with its
 * confirmation), and the twin is deleted as a user deletes one (`deleted_at`, the secret wiped; the row stays for the
 * hand-offs' outcomes, which never change: lib/teams/merge-outcomes.ts copies them). The others move as they are.
 */

/** Finds the twins and fills the map; the ids of the twins that go. */
export async function findTwins(tx: Db, from: string, into: string): Promise<string[]> {
  const own = await tx
    .select()
    .from(connections)
    .where(and(eq(connections.teamId, from), isNull(connections.deletedAt)));
  const pairs: [string, string][] = [];
  for (const c of own) {
    const [twin] = await connectionsToAccount(tx, accountOf(c), { team: into });
    if (twin) pairs.push([c.id, twin.id]);
  }
  await fillMap(tx, "merge_connections", pairs);
  return pairs.map(([f]) => f);
}

/**
 * The documents: the kept row stays, taking the twin's confirmed state with its confirmation record, and its archived
 * file where the kept row has none.
 */
async function mergeDocuments(tx: Db): Promise<void> {
  const confirmedThere = sql`f.connection_id = c.f AND f.documentid = d.documentid AND f.state = 'confirmed'`;
  await tx.execute(sql`DELETE FROM delivery_confirmations d USING merge_connections c, delivery_confirmations f
    WHERE d.connection_id = c.i AND ${confirmedThere} AND d.state <> 'confirmed'`);
  await tx.execute(sql`UPDATE delivery_documents d
    SET state = 'confirmed', confirmed_at = f.confirmed_at, confirmed_by = f.confirmed_by, confirmed_via = NULL
    FROM merge_connections c, delivery_documents f WHERE d.connection_id = c.i AND ${confirmedThere} AND d.state <> 'confirmed'`);
  // The archive: the kept row without the file takes the twin's reference to it (the blob is shared by its hash).
  await tx.execute(sql`UPDATE delivery_documents d
    SET sha256 = f.sha256, bytes = f.bytes, fetched_at = f.fetched_at, hash_check = f.hash_check,
      facts = COALESCE(d.facts, f.facts), facts_asked_at = COALESCE(d.facts_asked_at, f.facts_asked_at)
    FROM merge_connections c, delivery_documents f
    WHERE d.connection_id = c.i AND f.connection_id = c.f AND f.documentid = d.documentid
      AND d.sha256 IS NULL AND f.sha256 IS NOT NULL`);
  for (const table of ["delivery_confirmations", "delivery_documents", "document_reads"]) {
    const t = sql.identifier(table);
    await tx.execute(sql`DELETE FROM ${t} f USING merge_connections c WHERE f.connection_id = c.f
      AND EXISTS (SELECT 1 FROM ${t} d WHERE d.connection_id = c.i AND d.documentid = f.documentid)`);
    await tx.execute(sql`UPDATE ${t} f SET connection_id = c.i FROM merge_connections c WHERE f.connection_id = c.f`);
  }
  await tx.execute(
    sql`UPDATE delivery_documents SET confirmed_via = c.i FROM merge_connections c WHERE confirmed_via = c.f`,
  );
  await tx.execute(sql`DELETE FROM delivery_sync s USING merge_connections c WHERE s.connection_id = c.f
    AND EXISTS (SELECT 1 FROM delivery_sync x WHERE x.connection_id = c.i)`);
}

/** Hand-offs, assignments and reports: the kept row stays where both have it (a handed-on hand-off wins). */
async function mergeHandoffsAndReports(tx: Db): Promise<void> {
  await tx.execute(sql`DELETE FROM handoffs x USING handoffs h, merge_connections c
    WHERE h.connection_id = c.f AND x.connection_id = c.i AND x.documentid = h.documentid AND x.tenancy_id = h.tenancy_id
      AND x.state IN ('pending', 'failed', 'unknown') AND h.state NOT IN ('pending', 'failed', 'unknown')`);
  await tx.execute(sql`DELETE FROM handoffs h USING merge_connections c WHERE h.connection_id = c.f AND EXISTS (
      SELECT 1 FROM handoffs x WHERE x.connection_id = c.i AND x.documentid = h.documentid AND x.tenancy_id = h.tenancy_id)`);
  await tx.execute(sql`DELETE FROM handoff_assignments a USING merge_connections c WHERE a.connection_id = c.f
    AND EXISTS (SELECT 1 FROM handoff_assignments x
      WHERE x.connection_id = c.i AND x.documentid = a.documentid AND x.unit_id = a.unit_id)`);
  await tx.execute(sql`DELETE FROM osr_reports r USING merge_connections c WHERE r.connection_id = c.f
    AND EXISTS (SELECT 1 FROM osr_reports x WHERE x.connection_id = c.i AND x.unit_id = r.unit_id)`);
  const moving = [
    "delivery_sync",
    "outbox_items",
    "handoffs",
    "handoff_assignments",
    "osr_reports",
    "osr_report_events",
    "runs",
    "run_lines",
    "releases",
  ];
  // A release's body names the connection of each document it asked for: the kept one from now on.
  await tx.execute(sql`UPDATE releases r SET body = replace(r.body::text, c.f::text, c.i::text)::jsonb
    FROM merge_connections c WHERE strpos(r.body::text, c.f::text) > 0`);
  for (const table of moving)
    await tx.execute(
      sql`UPDATE ${sql.identifier(table)} SET connection_id = c.i FROM merge_connections c WHERE connection_id = c.f`,
    );
}

/** Merges the twins' records into the kept connections (the twins go by `dropTwins`). */
export async function mergeTwins(tx: Db): Promise<void> {
  await mergeDocuments(tx);
  await mergeHandoffsAndReports(tx);
}

/** Deletes the twins as a user deletes a connection and moves every other connection of `from`. */
export async function moveConnections(tx: Db, from: string, into: string): Promise<void> {
  await tx.execute(sql`UPDATE connections SET deleted_at = now(), secret_sealed = '', shared = false, updated_at = now()
    WHERE id IN (SELECT f FROM merge_connections)`);
  await tx.execute(
    sql`UPDATE connections SET team_id = ${into}::uuid, updated_at = now() WHERE team_id = ${from}::uuid`,
  );
}
