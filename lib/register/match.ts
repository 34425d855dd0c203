import { samePerson, type Tenancy, type TenancyInput } from "@/lib/register/tenancies/history";
import type { RowTenancy } from "./rows";

/**
 * Which stored tenancy each row of one unit names (docs/api.md, "The unit register"), so that the
 * property software's next export corrects a tenancy instead of adding a second one beside it. The
 * strongest evidence first, over all rows of the unit before the next kind (a row's place in the
 * file decides nothing): the same contract number; the same person with the same move-in; the same
 * person where either move-in is unknown; the same person whose tenancy overlaps the row's days
 * (moved dates). A stored tenancy with another contract number than the row's is another contract.
 * Pure.
 */

export type MatchRow = { line: number; tenancy: RowTenancy };

/** What a row says of its tenancy for matching: the person (or a vacancy) and its days. */
export const probeOf = (t: RowTenancy): TenancyInput => ({
  moveIn: t.moveIn ?? null,
  moveOut: t.moveOut ?? null,
  vacancy: t.person === null,
  resident: t.person ? { ...t.person, email: null, channel: "post", postalAddress: null } : null,
});

/** Whether two tenancies share a day (an unknown move-in: since ever; no move-out: still running). */
export const overlaps = (a: TenancyInput, b: TenancyInput) =>
  (a.moveIn === null || b.moveOut === null || a.moveIn <= b.moveOut) &&
  (b.moveIn === null || a.moveOut === null || b.moveIn <= a.moveOut);

type Pass = (s: Tenancy, probe: TenancyInput, contract: string | null) => boolean;

/** Another contract number on both sides: not the same tenancy, whatever the name. */
const sameContract = (s: Tenancy, contract: string | null) => !contract || !s.contract || s.contract === contract;
const person: Pass = (s, probe, contract) => samePerson(s, probe) && sameContract(s, contract);

const PASSES: Pass[] = [
  (s, probe, contract) => contract !== null && s.contract === contract && s.vacancy === probe.vacancy,
  (s, probe, contract) => person(s, probe, contract) && s.moveIn === probe.moveIn,
  (s, probe, contract) => person(s, probe, contract) && !probe.vacancy && (probe.moveIn === null || s.moveIn === null),
  (s, probe, contract) => person(s, probe, contract) && overlaps(s, probe),
];

/** Whether a row speaks of a tenancy of its own: it names a person, or is a vacancy with its start. */
const matchable = (t: RowTenancy) => t.person !== undefined && (t.person !== null || !!t.moveIn);

/** The stored tenancy each row names (by the row), each stored one named at most once; erased ones are never named. */
export function matchRows(stored: Tenancy[], rows: MatchRow[]): Map<MatchRow, Tenancy> {
  const matches = new Map<MatchRow, Tenancy>();
  const used = new Set<string>();
  const open = stored.filter((s) => !s.erased);
  const probes = rows.filter((r) => matchable(r.tenancy)).map((r) => ({ row: r, probe: probeOf(r.tenancy) }));
  for (const pass of PASSES)
    for (const { row, probe } of probes) {
      if (matches.has(row)) continue;
      const found = open.find((s) => !used.has(s.id) && pass(s, probe, row.tenancy.contract ?? null));
      if (!found) continue;
      matches.set(row, found);
      used.add(found.id);
    }
  return matches;
}
