import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { and, eq, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { connections } from "@/lib/db/schema/connections";
import { deliveryDocuments as d } from "@/lib/db/schema/delivery";
import { MAX_COMPLETENESS_MONTHS } from "./list";
import type { CompletenessInput } from "./schemas";
import { localToday } from "@/lib/today";
import { assertSupport, badRange, recordTimeZone } from "@/lib/delivery/support/records";
import { inProperty, registerNames, type RegisterNames } from "@/lib/delivery/support/register";

/**
 * Which usage unit got its document for which month, so support sees gaps at a glance; a month is `missing` only when
 * it is clearly a gap, so the grid shows no false alarms (docs/api.md, `GET /api/delivery/completeness`). Units carry
 * their names from the owner's register (lib/delivery/support/register.ts).
 */
export type Cell = "handedOver" | "confirmed" | "fetched" | "arrived" | "missing" | null;
export type CompletenessUnit = {
  unit: string;
  pmnumber: string | null;
  label: string | null;
  register: RegisterNames | null;
  cells: Cell[];
};
export type Completeness = { months: string[]; units: CompletenessUnit[] };

/** The provider's usual day of the month when its documents cannot tell. */
export const DEFAULT_USUAL_DAY = 5;

const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
const monthOf = (i: number) =>
  `${String(Math.floor(i / 12)).padStart(4, "0")}-${String((i % 12) + 1).padStart(2, "0")}`;
const firstDay = (i: number) => `${monthOf(i)}-01`;

/**
 * `handedOver`: a document of the month reached the resident of its period (lib/handoffs: sent, posted or
 * opened; a letter only made is not yet handed over).
 */
type Seen = { handedOver: boolean; confirmed: boolean; fetched: boolean };

/** The cells of one unit from what it had per month (`byMonth` may include the month before the range). */
export function unitCells(
  months: string[],
  byMonth: Map<string, Seen>,
  today: { month: string; day: number },
  usualDay: number,
): Cell[] {
  const has = months.map((m) => byMonth.has(m));
  return months.map((m, i): Cell => {
    const seen = byMonth.get(m);
    if (seen)
      return seen.handedOver ? "handedOver" : seen.confirmed ? "confirmed" : seen.fetched ? "fetched" : "arrived";
    if (has.slice(0, i).includes(true) && has.slice(i + 1).includes(true)) return "missing";
    const before = monthOf(monthIndex(m) - 1);
    if (m === today.month && today.day > usualDay && byMonth.has(before)) return "missing";
    return null;
  });
}

function scopeOf(input: CompletenessInput): SQL {
  const parts = [
    input.connection ? eq(d.connectionId, input.connection) : undefined,
    input.propertymanagement ? eq(d.propertymanagement, input.propertymanagement) : undefined,
    input.property ? inProperty(input.property) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  if (parts.length === 0) throw badRange("connection", "deliveryRecord.scopeRequired");
  return and(...parts)!;
}

/** The median day of the month on which this provider's documents first appeared here. */
async function usualDay(db: Db, input: CompletenessInput): Promise<number> {
  // The provider is the connection's; without one, the documents of the scope (a property management, a property).
  const scope = input.connection ? eq(d.connectionId, input.connection) : scopeOf(input);
  const [row] = await db
    .select({
      day: sql<
        number | null
      >`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(day FROM ${d.firstSeenAt} AT TIME ZONE ${recordTimeZone()})::float8)`,
    })
    .from(d)
    .where(scope);
  const day = row?.day === null || row?.day === undefined ? NaN : Number(row.day);
  return Number.isFinite(day) ? day : DEFAULT_USUAL_DAY;
}

/**
 * Whether the document reached the resident of its period by the one rule (lib/register/tenancies/recipient.ts): a
 * hand-off record (migration 0023) in a reached state for that tenancy. One probe of handoffs_once per row.
 */
const reachedResident = sql`EXISTS (SELECT 1 FROM handoffs h JOIN units u ON u.id = h.unit_id
  JOIN LATERAL handoff_recipient(u.id, h.connection_id, h.documentid, ${d.periodFrom}, ${d.periodTo}) r ON r.tenancy_id = h.tenancy_id
  WHERE h.connection_id = ${d.connectionId} AND h.documentid = ${d.documentid} AND h.state IN ('sent', 'posted', 'opened'))`;

/**
 * What each unit had per month, by the team of its connection. The register is the team's: its names are looked up
 * once per team and unit, on the row of its latest month (CASE runs the lookup only there), not
 * once per document or month.
 */
function unitMonths(db: Db, scope: SQL, start: number, end: number) {
  const month = sql`to_char(${d.periodFrom}, 'YYYY-MM')`;
  const g = db
    .select({
      owner: sql<string>`${connections.teamId}`.as("owner"),
      unit: sql<string>`${d.unitMsc}`.as("unit"),
      month: sql<string>`${month}`.as("month"),
      pmnumber: sql<string | null>`max(${d.unitPm})`.as("pmnumber"),
      label: sql<string | null>`max(${d.unitLabel})`.as("label"),
      confirmed: sql<boolean>`bool_or(${d.state} = 'confirmed' OR ${d.confirmedAt} IS NOT NULL)`.as("confirmed"),
      fetched: sql<boolean>`bool_or(${d.sha256} IS NOT NULL)`.as("fetched"),
      handedOver: sql<boolean>`bool_or(${reachedResident})`.as("handed_over"),
    })
    .from(d)
    .innerJoin(connections, eq(connections.id, d.connectionId))
    // From the month before the range: the current month's rule looks one month back.
    .where(
      and(scope, isNotNull(d.unitMsc), gte(d.periodFrom, firstDay(start - 1)), lt(d.periodFrom, firstDay(end + 1))),
    )
    .groupBy(connections.teamId, d.unitMsc, month)
    .as("g");
  return db
    .select({
      unit: g.unit,
      month: g.month,
      pmnumber: g.pmnumber,
      label: g.label,
      confirmed: g.confirmed,
      fetched: g.fetched,
      handedOver: g.handedOver,
      // Qualified by hand: drizzle names a subquery's column by its alias alone, which the lookup's own `units u` would
      // take for its pmnumber.
      register: sql<RegisterNames | null>`CASE WHEN g.month = max(g.month) OVER (PARTITION BY g.owner, g.unit) THEN ${registerNames(sql`g.owner`, sql`g.unit`, sql`g.pmnumber`)} END`,
    })
    .from(g)
    .orderBy(g.unit, g.month);
}

type Gathered = {
  pmnumber: string | null;
  label: string | null;
  register: RegisterNames | null;
  byMonth: Map<string, Seen>;
};

/**
 * The rows by unit. Rows come in month order: the latest month's number, label and names win; one unit's documents of
 * one month under two owners count together.
 */
function byUnit(rows: Awaited<ReturnType<typeof unitMonths>>): Map<string, Gathered> {
  const units = new Map<string, Gathered>();
  for (const r of rows) {
    const unit = units.get(r.unit) ?? { pmnumber: null, label: null, register: null, byMonth: new Map<string, Seen>() };
    unit.pmnumber = r.pmnumber ?? unit.pmnumber;
    unit.label = r.label ?? unit.label;
    unit.register = r.register ?? unit.register;
    const seen = unit.byMonth.get(r.month);
    unit.byMonth.set(r.month, {
      handedOver: Boolean(r.handedOver) || Boolean(seen?.handedOver),
      confirmed: Boolean(r.confirmed) || Boolean(seen?.confirmed),
      fetched: Boolean(r.fetched) || Boolean(seen?.fetched),
    });
    units.set(r.unit, unit);
  }
  return units;
}

/**
 * Named properties by name, then registered units without one, then units the register does not know; by number within
 * each (a stable sort).
 */
const propertyRank = (u: CompletenessUnit) => (u.register === null ? 2 : u.register.property === null ? 1 : 0);
const byProperty = (a: CompletenessUnit, b: CompletenessUnit) =>
  propertyRank(a) - propertyRank(b) || (a.register?.property ?? "").localeCompare(b.register?.property ?? "", "de");

export async function deliveryCompleteness(
  db: Db,
  principal: Principal,
  input: CompletenessInput,
  now = new Date(),
): Promise<Completeness> {
  assertSupport(principal);
  const start = monthIndex(input.from);
  const end = monthIndex(input.to);
  if (end < start) throw badRange("to", "deliveryRecord.rangeOrder");
  if (end - start + 1 > MAX_COMPLETENESS_MONTHS)
    throw badRange("to", "deliveryRecord.rangeTooLong", { max: MAX_COMPLETENESS_MONTHS });
  const scope = scopeOf(input);
  const months = Array.from({ length: end - start + 1 }, (_, i) => monthOf(start + i));
  const today = localToday(now);
  const [rows, day] = await Promise.all([
    unitMonths(db, scope, start, end),
    months.includes(today.month) ? usualDay(db, input) : Promise.resolve(DEFAULT_USUAL_DAY),
  ]);
  return {
    months,
    units: [...byUnit(rows).entries()]
      .map(([unit, u]) => ({
        unit,
        pmnumber: u.pmnumber,
        label: u.label,
        register: u.register,
        cells: unitCells(months, u.byMonth, today, day),
      }))
      .filter((u) => u.cells.some((c) => c !== null))
      .sort(byProperty),
  };
}
