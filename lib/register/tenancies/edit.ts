import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { tenancies } from "@/lib/db/schema/tenancies";
import { units } from "@/lib/db/schema/units";
import { AppError, notFound } from "@/lib/errors";
import { consentColumns } from "./consent";
import { dayBefore, normaliseHistory, type HistoryProblem, type Tenancy } from "./history";
import { queueReports, wakeReports } from "@/lib/register/reporter";
import { eraseExpired } from "./erase";
import { registerChange } from "./lock";
import { fullName } from "./person";
import { residentProblems } from "./rules";
import type { CorrectInput, MoveInput, TenancyResidentInput } from "./schemas";
import { readHistories } from "./store";

/**
 * A manager's changes to a unit's history on the page (docs/api.md, "The unit register"): a move
 * ("Mieterwechsel erfassen": the running tenancy ends, the new one begins, a resident or a vacancy),
 * and corrected dates. Under the register's lock, like an import; each is an audit event naming the
 * unit and the tenancy, never the person.
 */

const clean = (v: string | undefined) => (v === undefined || v.trim() === "" ? null : v.trim());
const address = (v: string | undefined) =>
  clean(v)
    ?.split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join("\n") ?? null;

function residentColumns(r: TenancyResidentInput) {
  const parts = { firstName: clean(r.firstName), lastName: clean(r.lastName), company: clean(r.company) };
  const columns = {
    residentName: fullName(parts),
    salutation: clean(r.salutation),
    ...parts,
    residentEmail: clean(r.email),
    channel: r.channel,
    postalAddress: address(r.postalAddress),
    ...consentColumns(
      r.channel === "post" || !r.consent
        ? null
        : { channel: r.channel, at: r.consent.at, how: "written", reference: clean(r.consent.reference) },
    ),
  };
  if (r.channel !== "post" && !r.consent)
    throw new AppError(400, "validation", "error.validation", {
      fields: [{ path: "resident.consent", message: "tenancies.consentRequired" }],
    });
  const problems = residentProblems({
    name: columns.residentName,
    email: columns.residentEmail,
    channel: r.channel,
    postalAddress: columns.postalAddress,
  });
  if (problems.length > 0)
    throw new AppError(400, "validation", "error.validation", {
      fields: problems.map((p) => ({
        path: `resident.${p.field === "name" ? "lastName" : p.field}`,
        message: p.message,
      })),
    });
  return columns;
}

const HISTORY_WORDS = {
  reversed: "tenancies.reversed",
  overlap: "tenancies.overlap",
  noMoveIn: "tenancies.noMoveIn",
} as const;
function refuse(path: string, problem: HistoryProblem): never {
  throw new AppError(400, "validation", "error.validation", {
    fields: [{ path, message: HISTORY_WORDS[problem.kind] }],
  });
}

/**
 * The unit's history once a move-out given beyond RESIDENT_RETENTION_MONTHS has had its resident's data erased
 * (./erase.ts): the register never keeps it, however the date came in. The change's reports (queued in its
 * transaction) go out now.
 */
async function afterRetention(db: Db, unitId: string, changed: Promise<Tenancy[]>): Promise<Tenancy[]> {
  const history = await changed;
  wakeReports();
  if ((await eraseExpired(db)) === 0) return history;
  return [...((await readHistories(db, [unitId])).get(unitId) ?? [])];
}

/** The user's unit (under the register's lock: ./lock.ts) with its history, oldest first. */
async function lockedHistory(tx: Db, p: Principal, unitId: string): Promise<Tenancy[]> {
  const [unit] = await tx
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.id, unitId), eq(units.teamId, p.teamId)));
  if (!unit) throw notFound("unitsApi.notFound");
  return [...((await readHistories(tx, [unitId])).get(unitId) ?? [])].reverse();
}

/** A move: the tenancy running on the new move-in ends, the new one (a resident or a vacancy) begins. */
export async function recordMove(db: Db, p: Principal, unitId: string, move: MoveInput): Promise<Tenancy[]> {
  const resident = move.resident ? residentColumns(move.resident) : null;
  return afterRetention(
    db,
    unitId,
    registerChange(db, p, async (tx) => {
      const history = await lockedHistory(tx, p, unitId);
      if (history.some((t) => t.moveIn !== null && t.moveIn >= move.moveIn))
        refuse("moveIn", { kind: "overlap", index: 0, other: 0 });
      const ending = history.find((t) => t.moveOut === null || t.moveOut >= move.moveIn);
      const moveOut = move.previousMoveOut ?? dayBefore(move.moveIn);
      if (ending && ending.moveIn !== null && moveOut < ending.moveIn)
        refuse("previousMoveOut", { kind: "reversed", index: 0 });
      const id = randomUUID();
      const after = history.map((t) => (t === ending ? { ...t, moveOut } : t));
      const { problems } = normaliseHistory([
        ...after,
        { id, moveIn: move.moveIn, moveOut: null, vacancy: !resident, resident: null },
      ]);
      if (problems[0]) refuse("moveIn", problems[0]);
      if (ending) await tx.update(tenancies).set({ moveOut, updatedAt: new Date() }).where(eq(tenancies.id, ending.id));
      await tx.insert(tenancies).values({ id, unitId, moveIn: move.moveIn, vacancy: !resident, ...resident });
      await recordEvent(tx, {
        kind: "tenancy.move",
        actor: principalActor(p),
        detail: { unit: unitId, tenancy: id, ended: ending?.id ?? null, vacancy: !resident },
      });
      await queueReports(tx, p, [unitId]);
      return [...((await readHistories(tx, [unitId])).get(unitId) ?? [])];
    }),
  );
}

/** Corrected dates of one tenancy; refused when the history would overlap or run backwards. */
export async function correctTenancy(
  db: Db,
  p: Principal,
  unitId: string,
  tenancyId: string,
  change: CorrectInput,
): Promise<Tenancy[]> {
  return afterRetention(
    db,
    unitId,
    registerChange(db, p, async (tx) => {
      const history = await lockedHistory(tx, p, unitId);
      const before = history.find((t) => t.id === tenancyId);
      if (!before) throw notFound("unitsApi.notFound");
      const after = { ...before, ...change };
      const { problems } = normaliseHistory(history.map((t) => (t.id === tenancyId ? after : t)));
      const problem = problems[0];
      if (problem) refuse(change.moveIn !== undefined ? "moveIn" : "moveOut", problem);
      await tx
        .update(tenancies)
        .set({ moveIn: after.moveIn, moveOut: after.moveOut, updatedAt: new Date() })
        .where(eq(tenancies.id, tenancyId));
      await recordEvent(tx, {
        kind: "tenancy.correct",
        actor: principalActor(p),
        detail: { unit: unitId, tenancy: tenancyId, changed: Object.keys(change) },
      });
      await queueReports(tx, p, [unitId]);
      return [...((await readHistories(tx, [unitId])).get(unitId) ?? [])];
    }),
  );
}
