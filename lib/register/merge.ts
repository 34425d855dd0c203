import {
  normaliseHistory,
  tenancyOn,
  type HistoryProblem,
  type Tenancy,
  type TenancyInput,
  type TenancyResident,
} from "@/lib/register/tenancies/history";
import { channelInForce } from "@/lib/register/tenancies/consent";
import type { Person } from "@/lib/register/tenancies/person";
import type { UnitColumn } from "./columns";
import { matchRows, overlaps, type MatchRow } from "./match";
import { residentProblems, type Problem, type RowTenancy } from "./rows";

/**
 * One unit's rows of an import merged into its stored history (docs/api.md, "The unit register").
 * A row that names a stored tenancy (match.ts: its contract number, else the same person with the
 * same or an unknown move-in, else the same person on overlapping days) updates that tenancy (its
 * id stays: hand-offs and portal links name it), moved dates included; another person is a new
 * tenancy, which ends the one before it the day before its move-in (normaliseHistory); a row
 * without a name and with a move-in is a vacancy from that day. Stored tenancies the file does not
 * name stay, unless they overlap the file's (an error), or the user chose to let the file replace
 * the unit's history (`replace`: they go, but for erased ones the file cannot name and does not
 * overlap). A column the file lacks, or an empty date (merging), keeps the stored value. Pure: the
 * plan calls it per unit, the unit tests directly.
 */

export type FileRow = MatchRow;
/** A tenancy of the merged history: `line` where a row of the file gave it, `id` where it is stored. */
/** `lettered`: the row asked for e-mail or the portal and got the letter, as no consent was recorded. */
export type Merged = TenancyInput & { line?: number; lettered?: boolean };
export type LineProblem = Problem & { line: number };
/** `removed`: stored tenancies the file's history replaces (only with `replace`). */
export type Merge = { history: Merged[]; problems: LineProblem[]; removed: Tenancy[] };
/** How a file meets the stored history: merged into it, or replacing it for the units it names. */
export type HistoryMode = "merge" | "replace";

const at = (line: number, p: Problem): LineProblem => ({ ...p, line });

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
  const asked = row.channel !== undefined ? (row.channel ?? "post") : base.channel;
  const before = { consent: base.consent ?? null, objectedAt: base.objectedAt ?? null };
  const { channel, consent } = channelInForce(asked, row.consent, before);
  return {
    ...(row.person ? personOver(base, row) : pick(base)),
    email: row.email !== undefined ? row.email : base.email,
    channel,
    postalAddress: row.postalAddress !== undefined ? row.postalAddress : base.postalAddress,
    consent,
    objectedAt: before.objectedAt,
  };
}

const pick = ({ name, salutation, firstName, lastName, company }: Person): Person => ({
  name,
  salutation,
  firstName,
  lastName,
  company,
});

/** A date of the row over the stored one: an empty cell keeps it, unless the file replaces the history. */
const dateOver = (given: string | null | undefined, stored: string | null | undefined, mode: HistoryMode) =>
  mode === "replace" && given !== undefined ? given : (given ?? stored ?? null);

/** A row over a stored tenancy (or over nothing: a new one). */
function over(stored: Tenancy | undefined, row: FileRow, mode: HistoryMode): Merged {
  const t = row.tenancy;
  const resident = residentOver(stored?.resident ?? null, t);
  const lettered = !!t.channel && t.channel !== "post" && resident?.channel === "post";
  return {
    ...(stored && { id: stored.id }),
    moveIn: dateOver(t.moveIn, stored?.moveIn, mode),
    moveOut: dateOver(t.moveOut, stored?.moveOut, mode),
    vacancy: t.person === null,
    resident,
    contract: t.contract ?? stored?.contract ?? null,
    line: row.line,
    ...(lettered && { lettered }),
  };
}

type Context = {
  stored: Tenancy[];
  matches: Map<FileRow, Tenancy>;
  used: Set<string>;
  today: string;
  mode: HistoryMode;
};

/** What a row of the file says, if anything: the tenancy it updates or adds, or a problem. */
function rowTenancy(c: Context, row: FileRow): Merged | LineProblem | null {
  const t = row.tenancy;
  const present = tenancyOn(c.stored, c.today);
  if (t.person === undefined) {
    // No name column: the row speaks of the present resident.
    const given = [t.email, t.channel, t.postalAddress, t.moveIn, t.moveOut].some((v) => v !== undefined && v !== null);
    if (present?.resident && !c.used.has(present.id)) return over(present, row, "merge");
    return given ? at(row.line, { column: "resident", message: "unitsApi.row.nameMissing" }) : null;
  }
  if (t.person === null && !t.moveIn) {
    return t.moveOut ? at(row.line, { column: "moveIn", message: "unitsApi.row.vacancyWithoutStart" }) : null;
  }
  const match = c.matches.get(row);
  if (match) return over(match, row, c.mode);
  // Replacing, the stored history goes: a resident without a move-in has lived there since before any document.
  if (t.person && !t.moveIn && c.stored.length > 0 && c.mode === "merge") {
    const before = present?.resident ?? c.stored.find((s) => s.resident)?.resident;
    return before
      ? at(row.line, { column: "moveIn", message: "unitsApi.row.changedWithoutMoveIn", vars: { before: before.name } })
      : at(row.line, { column: "moveIn", message: "unitsApi.row.newWithoutMoveIn" });
  }
  return over(undefined, row, c.mode);
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

/** A contract number given on two rows of one unit: the later one is an error. */
function repeatedContracts(rows: FileRow[]): LineProblem[] {
  const first = new Map<string, number>();
  const problems: LineProblem[] = [];
  for (const row of rows) {
    const contract = row.tenancy.contract;
    if (!contract) continue;
    const line = first.get(contract);
    if (line === undefined) first.set(contract, row.line);
    else problems.push(at(row.line, { column: "contract", message: "unitsApi.row.contractRepeated", vars: { line } }));
  }
  return problems;
}

/** The stored tenancies that stay beside the file's, and those the file replaces. */
function keptOf(c: Context, fromFile: Merged[]) {
  const rest = c.stored.filter((s) => !c.used.has(s.id));
  // A file that names no tenancy of the unit replaces nothing; an erased one no file can name stays where it fits.
  if (c.mode === "merge" || fromFile.length === 0) return { kept: rest, removed: [] };
  const stays = (s: Tenancy) => s.erased && !fromFile.some((t) => overlaps(s, t));
  return { kept: rest.filter(stays), removed: rest.filter((s) => !stays(s)) };
}

/** The unit's history after the file's rows (oldest first), or what keeps it from being taken. */
export function mergeHistory(stored: Tenancy[], rows: FileRow[], today: string, mode: HistoryMode = "merge"): Merge {
  const problems: LineProblem[] = repeatedContracts(rows);
  const c: Context = { stored, matches: matchRows(stored, rows), used: new Set(), today, mode };
  const fromFile: Merged[] = [];
  for (const row of rows) {
    const result = rowTenancy(c, row);
    if (result === null) continue;
    if ("message" in result) {
      problems.push(result);
      continue;
    }
    if (result.id) c.used.add(result.id);
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
  const { kept, removed } = keptOf(c, fromFile);
  const { history, problems: found } = normaliseHistory<Merged>([...fromFile, ...kept]);
  problems.push(...found.map((p) => historyProblem(history, p, firstLine)));
  // A letter that replaces an e-mail without consent goes to the unit's own address where the row gives the resident's none.
  for (const t of history)
    if (t.line !== undefined && t.resident)
      problems.push(
        ...residentProblems(t.resident)
          .filter((p) => !(t.lettered && p.message === "unitsApi.row.addressMissing"))
          .map((p) => at(t.line!, p)),
      );
  return { history, problems, removed };
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
  if ((t.contract ?? null) !== (s?.contract ?? null)) out.push("contract");
  return out;
}

/**
 * A change of a unit's history as the import's answer lists it: a corrected move-in or move-out of
 * a stored tenancy, a tenancy added beside stored ones, or one the file replaces. `who` is the
 * resident's name (null: a vacancy, or erased); the register's own answer only, never the audit.
 */
export type HistoryChange = {
  line: number | null;
  kind: "moveIn" | "moveOut" | "added" | "removed";
  who: string | null;
  vacancy: boolean;
  from: string | null;
  to: string | null;
};

const changeOf = (
  t: TenancyInput,
  line: number | null,
  kind: HistoryChange["kind"],
  from: string | null,
  to: string | null,
) => ({ line, kind, who: t.resident?.name ?? null, vacancy: t.vacancy, from, to }) satisfies HistoryChange;

/** The history's changes one by one, in the history's order (oldest first), the replaced tenancies last. */
function historyChanges(stored: Tenancy[], history: Merged[], removed: Tenancy[]): HistoryChange[] {
  const byId = new Map(stored.map((s) => [s.id, s]));
  const out: HistoryChange[] = [];
  for (const t of history) {
    const s = t.id ? byId.get(t.id) : undefined;
    const line = t.line ?? null;
    if (!s) {
      if (stored.length > 0) out.push(changeOf(t, line, "added", t.moveIn, t.moveOut));
      continue;
    }
    if (t.moveIn !== s.moveIn) out.push(changeOf(t, line, "moveIn", s.moveIn, t.moveIn));
    if (t.moveOut !== s.moveOut) out.push(changeOf(t, line, "moveOut", s.moveOut, t.moveOut));
  }
  for (const s of removed) out.push(changeOf(s, null, "removed", s.moveIn, s.moveOut));
  return out;
}

/**
 * What the merged history writes: new tenancies, changed ones (by id), the ones it replaces, the
 * columns that change, and the history's changes as the answer lists them.
 */
export function historyWrites(stored: Tenancy[], history: Merged[], removed: Tenancy[] = []) {
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
  // A replaced tenancy changes who lived there when: the dates and the residents change.
  if (removed.length > 0) for (const c of ["moveIn", "moveOut", "resident"] as const) columns.add(c);
  const deletes = removed.map((s) => s.id);
  return { inserts, updates, deletes, columns, changes: historyChanges(stored, history, removed) };
}
