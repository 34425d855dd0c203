import "server-only";
import { exportRecords } from "@/lib/register/export";
import type { StoredUnit } from "@/lib/register/stored";
import { samePerson, type Tenancy } from "@/lib/register/tenancies/history";

/**
 * Two units of one key in two teams that are merged (lib/teams/merge.ts): whether their histories are equal, as the
 * register's export writes them (the unit's own columns and each shown tenancy's person, move-in, move-out, e-mail,
 * channel, address and contract number, oldest first), and which tenancy of the kept unit stands for each tenancy
 * of the one that goes.
 */

/** A tenancy of the unit that goes, and the kept unit's tenancy that stands for it (null: none). */
export type TenancyPair = [from: string, into: string | null];

export type UnitComparison =
  | { equal: true; tenancies: TenancyPair[] }
  | { equal: false; tenancies: TenancyPair[]; rows: Record<string, string | null>[] };

const shown = (u: StoredUnit): Tenancy[] => u.tenancies.filter((t) => !t.erased).reverse();

/**
 * Equal histories: each shown tenancy stands for the one at the same place of the other's (erased ones for none).
 * Different: a tenancy stands for the other's of the same person and move-in, if there is one; `rows` are the
 * going unit's history in the import's columns, so that an admin can import them (history=replace) if it was right.
 */
export function compareUnits(from: StoredUnit, into: StoredUnit): UnitComparison {
  const rows = exportRecords(from);
  const equal = JSON.stringify(rows) === JSON.stringify(exportRecords(into));
  if (equal) {
    const intoShown = shown(into);
    const position = new Map(shown(from).map((t, i) => [t.id, intoShown[i]?.id ?? null]));
    return { equal, tenancies: from.tenancies.map((t) => [t.id, position.get(t.id) ?? null]) };
  }
  const match = (t: Tenancy) =>
    t.erased ? null : (into.tenancies.find((x) => !x.erased && x.moveIn === t.moveIn && samePerson(t, x))?.id ?? null);
  return { equal, rows, tenancies: from.tenancies.map((t) => [t.id, match(t)]) };
}
