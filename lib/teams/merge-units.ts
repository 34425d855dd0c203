import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { units, type UnitRow } from "@/lib/db/schema/units";
import { withHistories } from "@/lib/register/stored";
import { compareUnits, type TenancyPair } from "./merge-history";

/**
 * The registers' part of a team merge (lib/teams/merge.ts), inside its transaction: units only `from` has move as
 * they are (same ids); units of a key both have are compared (lib/teams/merge-history.ts). Their dependents are
 * pointed at the kept unit and its corresponding tenancy through the maps `merge_units` and `merge_tenancies`
 * (temporary tables of the transaction); the going units are deleted by `dropMergedUnits` at the end.
 */

export type UnitConflict = {
  unitKey: string;
  label: string | null;
  property: string | null;
  rows: Record<string, string | null>[];
};
export type UnitsMerged = { merged: number; conflicts: UnitConflict[]; keys: { equal: string[]; conflict: string[] } };

const PAGE = 500;

/** The maps of the merge, dropped with the transaction's end. */
export async function createMaps(tx: Db): Promise<void> {
  await tx.execute(sql`CREATE TEMP TABLE merge_units (f uuid PRIMARY KEY, i uuid NOT NULL) ON COMMIT DROP`);
  await tx.execute(sql`CREATE TEMP TABLE merge_tenancies (f uuid PRIMARY KEY, i uuid) ON COMMIT DROP`);
  await tx.execute(sql`CREATE TEMP TABLE merge_connections (f uuid PRIMARY KEY, i uuid NOT NULL) ON COMMIT DROP`);
}

/** Inserts pairs into one of the maps, a page at a time. */
export async function fillMap(tx: Db, table: string, pairs: [string, string | null][]): Promise<void> {
  for (let at = 0; at < pairs.length; at += PAGE) {
    const values = pairs.slice(at, at + PAGE).map(([f, i]) => sql`(${f}::uuid, ${i}::uuid)`);
    await tx.execute(sql`INSERT INTO ${sql.identifier(table)} (f, i) VALUES ${sql.join(values, sql`, `)}`);
  }
}

/** The unit rows of `team` whose keys the other team has too, by key. */
async function sharedRows(tx: Db, team: string, other: string): Promise<Map<string, UnitRow>> {
  const rows = await tx
    .select()
    .from(units)
    .where(
      sql`${units.teamId} = ${team}::uuid AND ${units.unitKey} IN (SELECT unit_key FROM units WHERE team_id = ${other}::uuid)`,
    );
  return new Map(rows.map((r) => [r.unitKey, r]));
}

/** Compares the units both teams have and fills the maps; `from`'s conflicts with their rows. */
async function compareShared(tx: Db, from: string, into: string) {
  const [fromRows, intoRows] = [await sharedRows(tx, from, into), await sharedRows(tx, into, from)];
  const keys = [...fromRows.keys()].sort();
  const out: UnitsMerged["keys"] = { equal: [], conflict: [] };
  const conflicts: UnitConflict[] = [];
  for (let at = 0; at < keys.length; at += PAGE) {
    const page = keys.slice(at, at + PAGE);
    const fromUnits = await withHistories(
      tx,
      page.map((k) => fromRows.get(k)!),
    );
    const intoUnits = await withHistories(
      tx,
      page.map((k) => intoRows.get(k)!),
    );
    const tenancies: TenancyPair[] = [];
    page.forEach((key, i) => {
      const [f, t] = [fromUnits[i]!, intoUnits[i]!];
      const compared = compareUnits(f, t);
      tenancies.push(...compared.tenancies);
      out[compared.equal ? "equal" : "conflict"].push(key);
      if (!compared.equal) conflicts.push({ unitKey: key, label: f.label, property: f.property, rows: compared.rows });
    });
    await fillMap(
      tx,
      "merge_units",
      page.map((k) => [fromRows.get(k)!.id, intoRows.get(k)!.id]),
    );
    await fillMap(tx, "merge_tenancies", tenancies);
  }
  return { keys: out, conflicts };
}

/**
 * Points the going units' portal links, assignments, hand-offs and reports at the kept unit and tenancy. Where the
 * kept side has the same row already, it stays and the going one is dropped (a hand-off handed on wins over one that
 * is not); a portal link or an assignment whose tenancy has no counterpart goes with its tenancy.
 */
async function repointDependents(tx: Db): Promise<void> {
  const mapped = sql`(SELECT m.i FROM merge_tenancies m WHERE m.f = tenancy_id)`;
  await tx.execute(sql`UPDATE portal_links p SET revoked_at = now() FROM merge_tenancies t
    WHERE p.tenancy_id = t.f AND t.i IS NOT NULL AND p.revoked_at IS NULL
      AND EXISTS (SELECT 1 FROM portal_links q WHERE q.tenancy_id = t.i AND q.revoked_at IS NULL)`);
  await tx.execute(sql`UPDATE portal_links p SET unit_id = u.i, tenancy_id = t.i FROM merge_units u, merge_tenancies t
    WHERE p.unit_id = u.f AND p.tenancy_id = t.f AND t.i IS NOT NULL`);
  await tx.execute(sql`DELETE FROM handoff_assignments a USING merge_units u WHERE a.unit_id = u.f AND (
      EXISTS (SELECT 1 FROM handoff_assignments x
        WHERE x.connection_id = a.connection_id AND x.documentid = a.documentid AND x.unit_id = u.i)
      OR (a.tenancy_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM merge_tenancies t WHERE t.f = a.tenancy_id AND t.i IS NOT NULL)))`);
  await tx.execute(sql`UPDATE handoff_assignments SET unit_id = u.i, tenancy_id = ${mapped}
    FROM merge_units u WHERE unit_id = u.f`);
  await tx.execute(sql`DELETE FROM handoffs x USING handoffs h, merge_tenancies t
    WHERE h.tenancy_id = t.f AND x.connection_id = h.connection_id AND x.documentid = h.documentid AND x.tenancy_id = t.i
      AND x.state IN ('pending', 'failed', 'unknown') AND h.state NOT IN ('pending', 'failed', 'unknown')`);
  await tx.execute(sql`DELETE FROM handoffs h USING merge_tenancies t WHERE h.tenancy_id = t.f AND EXISTS (
      SELECT 1 FROM handoffs x WHERE x.connection_id = h.connection_id AND x.documentid = h.documentid AND x.tenancy_id = t.i)`);
  await tx.execute(
    sql`UPDATE handoffs SET unit_id = u.i, tenancy_id = ${mapped} FROM merge_units u WHERE unit_id = u.f`,
  );
  // Replies read back (lib/handoffs/replies) go with their tenancy: to its counterpart, else with it.
  await tx.execute(sql`DELETE FROM handoff_replies r USING merge_units u WHERE r.unit_id = u.f
    AND NOT EXISTS (SELECT 1 FROM merge_tenancies t WHERE t.f = r.tenancy_id AND t.i IS NOT NULL)`);
  await tx.execute(
    sql`UPDATE handoff_replies SET unit_id = u.i, tenancy_id = ${mapped} FROM merge_units u WHERE unit_id = u.f`,
  );
  await tx.execute(sql`DELETE FROM osr_reports r USING merge_units u WHERE r.unit_id = u.f
    AND EXISTS (SELECT 1 FROM osr_reports x WHERE x.unit_id = u.i AND x.connection_id = r.connection_id)`);
  await tx.execute(sql`UPDATE osr_reports r SET unit_id = u.i FROM merge_units u WHERE r.unit_id = u.f`);
  await tx.execute(sql`UPDATE osr_report_events e SET unit_id = u.i FROM merge_units u WHERE e.unit_id = u.f`);
  // A going unit's legal hold (lib/register/hold.ts) holds the kept one, unless that has one of its own.
  await tx.execute(sql`UPDATE units k SET hold_reason = g.hold_reason, hold_by = g.hold_by, hold_at = g.hold_at
    FROM merge_units u JOIN units g ON g.id = u.f WHERE k.id = u.i AND k.hold_at IS NULL AND g.hold_at IS NOT NULL`);
}

/** Moves `from`'s own units and merges the shared ones' dependents (the going units stay until `dropMergedUnits`). */
export async function mergeUnits(tx: Db, from: string, into: string): Promise<UnitsMerged> {
  const { keys, conflicts } = await compareShared(tx, from, into);
  await repointDependents(tx);
  const moved = rowsOf<{ id: string }>(
    await tx.execute(sql`UPDATE units SET team_id = ${into}::uuid, updated_at = now()
      WHERE team_id = ${from}::uuid AND id NOT IN (SELECT f FROM merge_units) RETURNING id`),
  );
  return { merged: moved.length + keys.equal.length, conflicts, keys };
}

/** Deletes the units whose dependents went to the kept ones (with their tenancies). */
export async function dropMergedUnits(tx: Db): Promise<void> {
  await tx.execute(sql`DELETE FROM units WHERE id IN (SELECT f FROM merge_units)`);
}
