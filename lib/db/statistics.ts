import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { env } from "@/lib/env";
import type { Db } from "./client";
import { rowsOf } from "./rows";

/**
 * The planner's statistics after a bulk write on PostgreSQL (docs/scale.md, "The month page's plan"). Autovacuum
 * analyzes a table once 50 rows and a tenth of it changed, but in its own time: up to a minute later
 * (autovacuum_naptime), later still on a busy server. Until then a table filled by a register import or a sync has no
 * statistics at all, and the planner guesses: the month page read every document of the month once per unit of the
 * property (1.3 s instead of 10 ms at 20,000 units). So a bulk write that changed that many rows analyzes the tables
 * it wrote at once, before it answers. The embedded database has no autovacuum at all, so there the same rule is the
 * only one: a register of 100,000 units never analyzed made another user's register page count its units with missing
 * move-ins through every tenancy (350 ms a request, instead of 1 ms). A sync's index keeps its own rule there
 * (lib/delivery/document-index.ts, `tidyIndex`).
 *
 * Except `tenancies` on the embedded database: ANALYZE keeps a sample of each column's values in pg_statistic, and
 * there they would be residents' names, addresses and e-mails that an erasure's rewrite (lib/db/scrub.ts) does not
 * reach, in the data directory's files (tests/integration/reports/osr-reports-privacy.test.ts). Analyzing `units`
 * alone gives the planner what the register's pages need.
 */

/** Tables whose columns hold residents' data: never sampled into the embedded database's statistics. */
const PERSONAL: readonly AnalyzedTable[] = ["tenancies"];

/** The tables a bulk write analyzes: named here, so that only these reach the statement. */
export type AnalyzedTable =
  | "units"
  | "tenancies"
  | "delivery_documents"
  | "delivery_unit_counts"
  | "delivery_unit_months"
  | "delivery_state_counts";

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor as PostgreSQL ships them. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/** Whether `changed` rows call for an ANALYZE of a table whose statistics counted `reltuples` (-1: never analyzed). */
export const needsAnalyze = (reltuples: number, changed: number): boolean =>
  changed > 0 && (reltuples < 0 || changed > ANALYZE_THRESHOLD + ANALYZE_SCALE_FACTOR * reltuples);

/**
 * ANALYZE on the embedded database: with a sample a tenth of the default (statistics target 10), so that its one
 * thread is held for tens of milliseconds rather than hundreds (37 against 181 ms for 100,000 units and their
 * tenancies; docs/scale.md). The setting holds for this transaction only.
 */
export async function analyzeEmbedded(db: Db, tables: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL default_statistics_target = 10`);
    await tx.execute(sql`ANALYZE ${tables}`);
  });
}

/**
 * ANALYZE of those of `tables` for which `changed` rows (written by the bulk write that just committed) are more than
 * autovacuum's rule allows; the tables analyzed. On PostgreSQL a table another session analyzes meanwhile is waited
 * for, and one the app's role does not own is skipped with a warning; on the embedded database with a small sample.
 */
export async function analyzeAfterBulkWrite(
  db: Db,
  tables: readonly AnalyzedTable[],
  changed: number,
): Promise<AnalyzedTable[]> {
  const embedded = !env().databaseUrl;
  const candidates = embedded ? tables.filter((t) => !PERSONAL.includes(t)) : tables;
  if (changed <= 0 || candidates.length === 0) return [];
  const known = rowsOf<{ name: AnalyzedTable; reltuples: number }>(
    await db.execute(sql`SELECT relname AS name, reltuples::float8 AS reltuples FROM pg_class
      WHERE oid = ANY(ARRAY[${sql.raw(candidates.map((t) => `'${t}'::regclass`).join(", "))}])`),
  );
  const stale = candidates.filter((t) => known.some((k) => k.name === t && needsAnalyze(Number(k.reltuples), changed)));
  if (stale.length === 0) return stale;
  const names = sql.raw(stale.join(", "));
  if (!embedded) await db.execute(sql`ANALYZE ${names}`);
  else await analyzeEmbedded(db, names);
  return stale;
}
