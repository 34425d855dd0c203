import {
  normaliseHistory,
  samePerson,
  tenancyOn,
  type HistoryProblem,
  type Tenancy,
  type TenancyInput,
  type TenancyResident,
} from "@/lib/residents/tenancies/history";
import type { Person } from "@/lib/residents/tenancies/person";
import type { UnitColumn } from "./columns";
import { residentProblems, type Problem, type RowTenancy } from "./rows";

/**
 * One unit's rows of an import merged into its stored history (docs/api.md, "The unit register").
 * A row naming the same person as a stored tenancy with the same or no move-in updates that
 * tenancy (its id stays: hand-offs and portal links name it); another person is a new tenancy,
 * which ends the one before it the day before its move-in (normaliseHistory); a row without a name
 * and with a move-in is a vacancy from that day. Stored tenancies the file does not name stay,
 * unless they overlap the file's. A column the file lacks, or an empty date, keeps the stored
 * value. Pure: the plan calls it per unit, the unit tests directly.
 */

export type FileRow = { line: number; tenancy: RowTenancy };
/** A tenancy of the merged history: `line` where a row of the file gave it, `id` where it is stored. */
export type Merged = TenancyInput & { line?: number };
export type LineProblem = Problem & { line: number };
export type Merge = { history: Merged[]; problems: LineProblem[] };

const at = (line: number, p: Problem): LineProblem => ({ ...p, line });

/** The stored tenancy a row names: the same person (or a vacancy) with the same or no move-in, the newest first. */
function matchOf(stored: Tenancy[], used: Set<string>, probe: TenancyInput): Tenancy | undefined {
  const fits = stored.filter(
    (s) =>
      !used.has(s.id) &&
      !s.erased &&
      samePerson(s, probe) &&
      (probe.vacancy
        ? s.moveIn === probe.moveIn
        : probe.moveIn === null || s.moveIn === null || s.moveIn === probe.moveIn),
  );
  return fits.find((s) => s.moveIn === probe.moveIn) ?? fits[0];
}

/** The name a row gives over the stored one: the same name in one column keeps the stored parts. */
function personOver(stored: Person, row: RowTenancy): Person {
  const p = row.person!;
  if (row.oneColumn && p.name === stored.name) return stored;
  return { ...p, salutation: p.salutation ?? (row.salutationColumn ? null : stored.salutation) };
}

function residentOver(stored: TenancyResident | null, row: RowTenancy): TenancyResident | null {
  if (row.person === null) return null;
  const base: TenancyResident = stored ?? {
    ...row.person!,
    email: null,
    channel: "post",
    postalAddress: null,
  };
  return {
    ...(row.person ? personOver(base, row) : pick(base)),
    email: row.email !== undefined ? row.email : base.email,
    channel: row.channel !== undefined ? (row.channel ?? "post") : base.channel,
    postalAddress: row.postalAddress !== undefined ? row.postalAddress : base.postalAddress,
  };
}

const pick = ({ name, salutation, firstName, lastName, company }: Person): Person => ({
  name,
  salutation,
  firstName,
  lastName,
  company,
});

/** A row over a stored tenancy (or over nothing: a new one). */
function over(stored: Tenancy | undefined, row: FileRow): Merged {
  const t = row.tenancy;
  return {
    ...(stored && { id: stored.id }),
    moveIn: t.moveIn ?? stored?.moveIn ?? null,
    moveOut: t.moveOut ?? stored?.moveOut ?? null,
    vacancy: t.person === null,
    resident: residentOver(stored?.resident ?? null, t),
    line: row.line,
  };
}

const probeOf = (t: RowTenancy): TenancyInput => ({
  moveIn: t.moveIn ?? null,
  moveOut: null,
  vacancy: t.person === null,
  resident: t.person ? { ...t.person, email: null, channel: "post", postalAddress: null } : null,
});

/** What a row of the file says, if anything: the tenancy it updates or adds, or a problem. */
function rowTenancy(stored: Tenancy[], used: Set<string>, row: FileRow, today: string): Merged | LineProblem | null {
  const t = row.tenancy;
  const present = tenancyOn(stored, today);
  if (t.person === undefined) {
    // No name column: the row speaks of the present resident.
    const given = [t.email, t.channel, t.postalAddress, t.moveIn, t.moveOut].some((v) => v !== undefined && v !== null);
    if (present?.resident && !used.has(present.id)) return over(present, row);
    return given ? at(row.line, { column: "resident", message: "unitsApi.row.nameMissing" }) : null;
  }
  if (t.person === null && !t.moveIn) {
    return t.moveOut ? at(row.line, { column: "moveIn", message: "unitsApi.row.vacancyWithoutStart" }) : null;
  }
  const match = matchOf(stored, used, probeOf(t));
  if (match) return over(match, row);
  if (t.person && !t.moveIn && stored.length > 0) {
    const before = present?.resident ?? stored.find((s) => s.resident)?.resident;
    return before
      ? at(row.line, { column: "moveIn", message: "unitsApi.row.changedWithoutMoveIn", vars: { before: before.name } })
      : at(row.line, { column: "moveIn", message: "unitsApi.row.newWithoutMoveIn" });
  }
  return over(undefined, row);
}

const dayOf = (d: string | null) => (d ? `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}` : "…");

/** A problem of the merged history at the line of the file that causes it. */
function historyProblem(history: Merged[], p: HistoryProblem, firstLine: number): LineProblem {
  const t = history[p.index]!;
  if (p.kind === "reversed") return at(t.line ?? firstLine, { column: "moveOut", message: "unitsApi.row.reversed" });
  if (p.kind === "noMoveIn")
    return at(t.line ?? firstLine, { column: "moveIn", message: "unitsApi.row.twoWithoutMoveIn" });
  const other = history[p.other]!;
  const [mine, theirs] = t.line !== undefined ? [t, other] : [other, t];
  const line = mine.line ?? firstLine;
  if (theirs.line !== undefined)
    return at(line, { column: "moveIn", message: "unitsApi.row.overlapsLine", vars: { line: theirs.line } });
  const vars = { from: dayOf(theirs.moveIn), to: dayOf(theirs.moveOut) };
  return theirs.resident
    ? at(line, {
        column: "moveIn",
        message: "unitsApi.row.overlapsStored",
        vars: { ...vars, who: theirs.resident.name },
      })
    : at(line, { column: "moveIn", message: "unitsApi.row.overlapsVacancy", vars });
}

/** The unit's history after the file's rows (oldest first), or what keeps it from being taken. */
export function mergeHistory(stored: Tenancy[], rows: FileRow[], today: string): Merge {
  const used = new Set<string>();
  const problems: LineProblem[] = [];
  const fromFile: Merged[] = [];
  for (const row of rows) {
    const result = rowTenancy(stored, used, row, today);
    if (result === null) continue;
    if ("message" in result) {
      problems.push(result);
      continue;
    }
    if (result.id) used.add(result.id);
    fromFile.push(result);
  }
  const firstLine = rows[0]?.line ?? 0;
  if (fromFile.length === 0 && problems.length === 0 && rows.some((r) => r.tenancy.person === null)) {
    // The file names nobody for a unit where someone lives now: a move-out needs its date.
    const present = tenancyOn(stored, today)?.resident;
    if (present)
      problems.push(
        at(firstLine, { column: "resident", message: "unitsApi.row.residentDropped", vars: { before: present.name } }),
      );
  }
  const kept: Merged[] = stored.filter((s) => !used.has(s.id));
  const { history, problems: found } = normaliseHistory([...fromFile, ...kept]);
  problems.push(...found.map((p) => historyProblem(history, p, firstLine)));
  for (const t of history)
    if (t.line !== undefined && t.resident) problems.push(...residentProblems(t.resident).map((p) => at(t.line!, p)));
  return { history, problems };
}

/** The columns in which a tenancy differs from its stored self (or, for a new one, what it brings). */
function changedColumnsOf(t: Merged, s: Tenancy | undefined): UnitColumn[] {
  const a = t.resident;
  const b = s?.resident ?? null;
  const out: UnitColumn[] = [];
  if (!s || t.moveIn !== s.moveIn) out.push("moveIn");
  if (!s || t.moveOut !== s.moveOut) {
    if (s || t.moveOut !== null) out.push("moveOut");
  }
  if (!s || t.vacancy !== s.vacancy || a?.name !== b?.name) out.push("resident");
  const parts = ["salutation", "firstName", "lastName", "company", "email", "channel", "postalAddress"] as const;
  for (const part of parts) if (s && a && b && a[part] !== b[part]) out.push(part);
  return out;
}

/** What the merged history writes: new tenancies, changed ones (by id), and the columns that change. */
export function historyWrites(stored: Tenancy[], history: Merged[]) {
  const byId = new Map(stored.map((s) => [s.id, s]));
  const inserts: Merged[] = [];
  const updates: Merged[] = [];
  const columns = new Set<UnitColumn>();
  for (const t of history) {
    const s = t.id ? byId.get(t.id) : undefined;
    const changed = changedColumnsOf(t, s);
    if (changed.length === 0) continue;
    for (const c of changed) columns.add(c);
    (s ? updates : inserts).push(t);
  }
  return { inserts, updates, columns };
}
