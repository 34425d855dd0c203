import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";

/**
 * What a sync marks on the document index (document-index.ts) once its walk is through: the
 * replacements among a connection's documents, and the documents no longer listed (`gone`, `elsewhere`).
 */

/**
 * Corrections: of several documents of one unit, type and period, each older one is replaced by
 * the next newer (first seen later; the provider's order breaks ties). Recomputed per connection.
 */
export async function markReplacements(db: Db, connectionId: string): Promise<void> {
  // Only the rows whose successor changed (usually none) are joined back: statistics that do not
  // know a new connection's rows yet made PostgreSQL plan a join of all of them as a nested loop.
  await db.execute(sql`
    WITH r AS MATERIALIZED (
      SELECT documentid, replaced_by, lead(documentid) OVER (
        PARTITION BY unit_msc, doctype, period_from, period_to ORDER BY first_seen_at, seq) AS next_id
      FROM delivery_documents
      WHERE connection_id = ${connectionId} AND unit_msc IS NOT NULL AND period_from IS NOT NULL
    ), changed AS MATERIALIZED (
      SELECT documentid, next_id FROM r WHERE replaced_by IS DISTINCT FROM next_id
    )
    UPDATE delivery_documents d SET replaced_by = changed.next_id
    FROM changed
    WHERE d.connection_id = ${connectionId} AND d.documentid = changed.documentid`);
}

/**
 * The documents of a connection's `kd` not listed since `walkStart` leave the open ones. A
 * provider drops a confirmed document from every list of its account, so one that a connection to
 * the same account (`twins`, lib/connections/account.ts) confirmed is `elsewhere`, with that
 * confirmation's user, time and connection; any other is `gone`. Resolves to how many are gone.
 */
export async function markUnlisted(
  db: Db,
  connectionId: string,
  kd: string,
  walkStart: Date,
  twins: string[],
): Promise<number> {
  const byTwin = twins.length
    ? sql`c.connection_id IN (${sql.join(
        twins.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`false`;
  const [row] = rowsOf<{ gone: number }>(
    // One scan of the connection's rows, each given its outcome by a subquery: as a join of the
    // table with itself, PostgreSQL planned a nested loop over both sides' rows of the connection
    // when its statistics did not know the connection yet (a round of 200 first syncs: 15–19 s
    // per sync of 5,000 documents; docs/scale.md, "The sync of many connections").
    await db.execute(sql`
      WITH marked AS (
        UPDATE delivery_documents d SET (state, confirmed_via, confirmed_by, confirmed_at) = (
          SELECT CASE WHEN e.connection_id IS NULL THEN 'gone' ELSE 'elsewhere' END, e.connection_id,
            COALESCE(e.actor_id, d.confirmed_by), COALESCE(e.finished_at, d.confirmed_at)
          FROM (SELECT) AS one LEFT JOIN LATERAL (SELECT c.connection_id, c.actor_id, c.finished_at FROM delivery_confirmations c
            WHERE c.documentid = d.documentid AND c.kd = ${kd} AND c.state = 'confirmed' AND ${byTwin} ORDER BY c.finished_at LIMIT 1) e ON true)
        WHERE d.connection_id = ${connectionId} AND d.kd = ${kd} AND d.last_seen_at < ${walkStart.toISOString()}::timestamptz
          AND d.state IN ('open', 'failed')
        RETURNING d.state
      )
      SELECT count(*) FILTER (WHERE state = 'gone')::int AS gone FROM marked`),
  );
  return row?.gone ?? 0;
}
