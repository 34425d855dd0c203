import type { Channel } from "@/lib/register/list";
import type { Consent } from "./consent";
import type { Person } from "./person";

/**
 * A unit's history of tenancies (docs/api.md, "The unit register"), and its rules wherever a
 * history comes from (the import's rows, a move recorded on the page, a correction). Pure: the
 * import, the page's edits and their tests share it. Dates are `YYYY-MM-DD`; `moveIn` null means
 * since before any document; `moveOut` is the last day lived there, null while it runs.
 */

export type TenancyResident = Person & {
  email: string | null;
  /** The channel in force: e-mail or portal only with `consent` for it (./consent.ts). */
  channel: Channel;
  postalAddress: string | null;
  consent?: Consent | null;
  /** When the resident last objected to a digital channel (ISO), if ever. */
  objectedAt?: string | null;
};
export type Tenancy = {
  id: string;
  moveIn: string | null;
  moveOut: string | null;
  vacancy: boolean;
  /** null for a vacancy, and for a former resident whose data was erased. */
  resident: TenancyResident | null;
  erased: boolean;
  /** The property software's contract number, where an import gave one. */
  contract: string | null;
};
/** A tenancy as an edit or a row gives it: `id` when it is one already stored. */
export type TenancyInput = Omit<Tenancy, "id" | "erased" | "contract"> & {
  id?: string;
  erased?: boolean;
  contract?: string | null;
};

export type HistoryProblem =
  | { kind: "reversed"; index: number }
  | { kind: "overlap"; index: number; other: number }
  | { kind: "noMoveIn"; index: number };

const DAY = 86_400_000;
/** The day before `day` (`YYYY-MM-DD`). */
export const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY).toISOString().slice(0, 10);

/** Oldest first: a tenancy without a move-in before all others. */
const byMoveIn = (a: TenancyInput, b: TenancyInput) =>
  a.moveIn === b.moveIn ? 0 : a.moveIn === null ? -1 : b.moveIn === null ? 1 : a.moveIn < b.moveIn ? -1 : 1;

/**
 * The history in order (oldest first) with each open tenancy closed the day before the next one's
 * move-in (a change of resident ends the previous tenancy), and what is wrong with it: a move-out
 * before its move-in, two tenancies that overlap, or more than one without a move-in. `index`
 * points into the returned list.
 */
export function normaliseHistory<T extends TenancyInput>(input: T[]): { history: T[]; problems: HistoryProblem[] } {
  const history = [...input].sort(byMoveIn).map((t) => ({ ...t }));
  const problems: HistoryProblem[] = [];
  history.forEach((t, i) => {
    const next = history[i + 1];
    if (t.moveOut === null && next?.moveIn) t.moveOut = dayBefore(next.moveIn);
    if (t.moveIn !== null && t.moveOut !== null && t.moveOut < t.moveIn) problems.push({ kind: "reversed", index: i });
    if (i > 0 && t.moveIn === null) problems.push({ kind: "noMoveIn", index: i });
    const prev = history[i - 1];
    if (prev && t.moveIn !== null && (prev.moveOut === null || prev.moveOut >= t.moveIn))
      problems.push({ kind: "overlap", index: i, other: i - 1 });
  });
  return { history, problems };
}

/** The tenancy that runs on `day`, if any (a vacancy included). */
export const tenancyOn = <T extends TenancyInput>(history: T[], day: string): T | undefined =>
  history.find((t) => (t.moveIn === null || t.moveIn <= day) && (t.moveOut === null || t.moveOut >= day));

/** Whether two tenancies name the same resident (or are both vacancies): the import's and an edit's match. */
export function samePerson(a: TenancyInput, b: TenancyInput): boolean {
  if (a.vacancy || b.vacancy) return a.vacancy && b.vacancy;
  const name = (t: TenancyInput) => t.resident?.name.trim().toLocaleLowerCase("de-DE") ?? "";
  return name(a) !== "" && name(a) === name(b);
}
