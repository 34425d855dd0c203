import "server-only";
import { and, eq, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { deliveryDocuments as d } from "@/lib/db/schema/delivery";
import { MAX_COMPLETENESS_MONTHS, type CompletenessInput } from "./schemas";
import { dayIn } from "@/lib/format";
import { assertSupport, badRange, recordTimeZone, type SupportPrincipal } from "./records";

/**
 * Which usage unit got its document for which month (by the month of `period_from`), so support
 * sees gaps at a glance. A month without a document is `missing` only when it is clearly a gap:
 * the unit had documents before and after it in the range, or it is the current month, the
 * provider's usual day has passed, and the unit had one the month before.
 * See docs/api.md, `GET /api/delivery/completeness`.
 */
export type Cell = "confirmed" | "fetched" | "arrived" | "missing" | null;
export type Completeness = { months: string[]; units: { unit: string; pmnumber: string | null; label: string | null; cells: Cell[] }[] };

/** The provider's usual day of the month when its documents cannot tell. */
export const DEFAULT_USUAL_DAY = 5;

const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
const monthOf = (i: number) => `${String(Math.floor(i / 12)).padStart(4, "0")}-${String((i % 12) + 1).padStart(2, "0")}`;
const firstDay = (i: number) => `${monthOf(i)}-01`;

/** Today in the display time zone: its month ("YYYY-MM") and day of the month. */
export function localToday(now: Date): { month: string; day: number } {
  const [y, m, day] = dayIn(now, recordTimeZone()).split("-");
  return { month: `${y}-${m}`, day: Number(day) };
}

type Seen = { confirmed: boolean; fetched: boolean };

/** The cells of one unit from what it had per month (`byMonth` may include the month before the range). */
export function unitCells(months: string[], byMonth: Map<string, Seen>, today: { month: string; day: number }, usualDay: number): Cell[] {
  const has = months.map((m) => byMonth.has(m));
  return months.map((m, i): Cell => {
    const seen = byMonth.get(m);
    if (seen) return seen.confirmed ? "confirmed" : seen.fetched ? "fetched" : "arrived";
    if (has.slice(0, i).includes(true) && has.slice(i + 1).includes(true)) return "missing";
    const before = monthOf(monthIndex(m) - 1);
    if (m === today.month && today.day > usualDay && byMonth.has(before)) return "missing";
    return null;
  });
}

function scopeOf(input: CompletenessInput): SQL {
  const parts = [
    input.connection ? eq(d.connectionId, input.connection) : undefined,
    input.property ? eq(d.propertymanagement, input.property) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  if (parts.length === 0) throw badRange("connection", "deliveryRecord.scopeRequired");
  return and(...parts)!;
}

/** The median day of the month on which this provider's documents first appeared here. */
async function usualDay(db: Db, input: CompletenessInput): Promise<number> {
  // The provider is the connection's; without one, the documents of that property management.
  const scope = input.connection ? eq(d.connectionId, input.connection) : scopeOf(input);
  const [row] = await db
    .select({
      day: sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(day FROM ${d.firstSeenAt} AT TIME ZONE ${recordTimeZone()})::float8)`,
    })
    .from(d)
    .where(scope);
  const day = row?.day === null || row?.day === undefined ? NaN : Number(row.day);
  return Number.isFinite(day) ? day : DEFAULT_USUAL_DAY;
}

export async function deliveryCompleteness(db: Db, principal: SupportPrincipal, input: CompletenessInput, now = new Date()): Promise<Completeness> {
  assertSupport(principal);
  const start = monthIndex(input.from);
  const end = monthIndex(input.to);
  if (end < start) throw badRange("to", "deliveryRecord.rangeOrder");
  if (end - start + 1 > MAX_COMPLETENESS_MONTHS) throw badRange("to", "deliveryRecord.rangeTooLong", { max: MAX_COMPLETENESS_MONTHS });
  const scope = scopeOf(input);
  const months = Array.from({ length: end - start + 1 }, (_, i) => monthOf(start + i));
  const today = localToday(now);

  const month = sql<string>`to_char(${d.periodFrom}, 'YYYY-MM')`;
  const [rows, day] = await Promise.all([
    db
      .select({
        unit: sql<string>`${d.unitMsc}`,
        month,
        pmnumber: sql<string | null>`max(${d.unitPm})`,
        label: sql<string | null>`max(${d.unitLabel})`,
        confirmed: sql<boolean>`bool_or(${d.state} = 'confirmed' OR ${d.confirmedAt} IS NOT NULL)`,
        fetched: sql<boolean>`bool_or(${d.sha256} IS NOT NULL)`,
      })
      .from(d)
      // From the month before the range: the current month's rule looks one month back.
      .where(and(scope, isNotNull(d.unitMsc), gte(d.periodFrom, firstDay(start - 1)), lt(d.periodFrom, firstDay(end + 1))))
      .groupBy(d.unitMsc, month)
      .orderBy(d.unitMsc, month),
    months.includes(today.month) ? usualDay(db, input) : Promise.resolve(DEFAULT_USUAL_DAY),
  ]);

  const units = new Map<string, { pmnumber: string | null; label: string | null; byMonth: Map<string, Seen> }>();
  for (const r of rows) {
    const unit = units.get(r.unit) ?? { pmnumber: null, label: null, byMonth: new Map<string, Seen>() };
    // Rows come in month order: the latest month's number and label win.
    unit.pmnumber = r.pmnumber ?? unit.pmnumber;
    unit.label = r.label ?? unit.label;
    unit.byMonth.set(r.month, { confirmed: Boolean(r.confirmed), fetched: Boolean(r.fetched) });
    units.set(r.unit, unit);
  }
  return {
    months,
    units: [...units.entries()]
      .map(([unit, u]) => ({ unit, pmnumber: u.pmnumber, label: u.label, cells: unitCells(months, u.byMonth, today, day) }))
      .filter((u) => u.cells.some((c) => c !== null)),
  };
}
