import "server-only";
import { sql } from "drizzle-orm";
import { env } from "@/lib/env";
import type { Db } from "./client";
import { rowsOf } from "./rows";

/**
 * The planner's statistics after a bulk write on PostgreSQL (docs/scale.md, "The month page's plan"). Autovacuum
 * analyzes a table once 50 rows and a tenth of it changed, but in its own time: up to a minute later
 * (autovacuum_naptime), later still on a busy server. Until then a table filled by a register import or a sync has no
 * statistics at all, and the planner guesses: the month page read every document of the month once per unit of the
 * property (1.3 s instead of 10 ms at 20,000 units). So a bulk write that changed that many rows analyzes the tables
 * it wrote at once, before it answers. The embedded database has no autovacuum and keeps its own rule
 * (lib/delivery/document-index.ts, `tidyIndex`).
 */

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
 * On PostgreSQL, ANALYZE of those of `tables` for which `changed` rows (written by the bulk write that just committed)
 * are more than autovacuum's rule allows; the tables analyzed. A table another session analyzes meanwhile is waited
 * for; one the app's role does not own is skipped by PostgreSQL with a warning.
 */
export async function analyzeAfterBulkWrite(
  db: Db,
  tables: readonly AnalyzedTable[],
  changed: number,
): Promise<AnalyzedTable[]> {
  if (!env().databaseUrl || changed <= 0 || tables.length === 0) return [];
  const known = rowsOf<{ name: AnalyzedTable; reltuples: number }>(
    await db.execute(sql`SELECT relname AS name, reltuples::float8 AS reltuples FROM pg_class
      WHERE oid = ANY(ARRAY[${sql.raw(tables.map((t) => `'${t}'::regclass`).join(", "))}])`),
  );
  const stale = tables.filter((t) => known.some((k) => k.name === t && needsAnalyze(Number(k.reltuples), changed)));
  if (stale.length > 0) await db.execute(sql.raw(`ANALYZE ${stale.join(", ")}`));
  return stale;
}
