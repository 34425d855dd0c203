import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { env } from "@/lib/env";

/** When a pending claim can no longer have a PUT under way (reconcile.ts, the inbox, the scheduler). */

/**
 * Time after a claim's deadline before a list may judge it: a provider may still be applying a PUT it received just
 * before.
 */
export const SETTLE_MARGIN_MS = 5000;

/**
 * The condition (on delivery_confirmations as `alias`) under which a pending claim's PUT can no
 * longer be under way when a list is read from `since` (a timestamptz) on: its deadline passed
 * SETTLE_MARGIN_MS before, or the instance that made it had died by then.
 */
export function claimSettledSql(alias: "c" | "x", since: SQL): SQL {
  const c = sql.raw(alias);
  return sql`((${c}.deadline_at IS NOT NULL AND ${c}.deadline_at < ${since} - make_interval(secs => ${SETTLE_MARGIN_MS / 1000}))
    OR (${c}.deadline_at IS NULL AND ${c}.started_at < ${since} - make_interval(secs => ${(env().providerTimeoutMs + SETTLE_MARGIN_MS) / 1000}))
    OR EXISTS (SELECT 1 FROM app_instances i WHERE i.id = ${c}.instance_id AND i.ended_at IS NOT NULL AND i.ended_at <= ${since}))`;
}
