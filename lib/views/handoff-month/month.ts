import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { translate, type Locale } from "@/lib/i18n/messages";
import type { Channel } from "@/lib/register/list";
import { failureWords } from "@/lib/handoffs/failure-words";
import {
  MAX_MONTH_UNITS,
  MONTH_STATUSES,
  type HandoffMonthInput,
  type MonthStatus,
} from "@/lib/views/handoff-month/query";
import { readMonthRows, type MonthDbRow } from "@/lib/views/handoff-month/rows";
import type { RecipientKind } from "@/lib/register/tenancies/recipient";
import { readHistories } from "@/lib/register/tenancies/store";

/**
 * The monthly §6a view of one property (docs/api.md, "The monthly view of the hand-off"): each unit
 * of the owner's register in it, with that month's documents (by their period) and what became of
 * each for the resident of its period by the one rule (lib/register/tenancies/recipient.ts):
 * reached by which channel, when and by whom, or why not, a change of resident in the period with
 * who lived there when. The page and the CSV read this one function, so they agree.
 */

/** A tenancy of the unit that meets a document's period: whom a manager can assign the document to. */
export type MonthTenancy = {
  id: string;
  name: string | null;
  moveIn: string | null;
  moveOut: string | null;
  vacancy: boolean;
};
export type MonthEntry = {
  document: { connectionId: string; documentid: string; filename: string } | null;
  status: MonthStatus;
  /** Who receives the document (the resident of its period, or the one a manager assigned). */
  resident: string | null;
  channel: Channel | null;
  at: string | null;
  by: string | null;
  /**
   * A failed send: the mail server's answer in the reader's words (no address: lib/handoffs/mail/failure.ts); a bounced
   * one: the delivery status notification's ("E-Mail unzustellbar: Postfach unbekannt (5.1.1)").
   */
  reason?: string;
  /** A manager's assignment (or "no hand-off needed"): who decided, when. */
  decided?: { by: string | null; at: string };
  /** For a document the rule hands to nobody: the tenancies meeting its period, oldest first. */
  tenancies?: MonthTenancy[];
  /** A unit without a document whose tenancy today is a vacancy (nobody to name). */
  vacancy?: true;
};
export type MonthRow = {
  unitId: string;
  unit: string;
  pmnumber: string | null;
  label: string | null;
  resident: string | null;
  entries: MonthEntry[];
};
export type HandoffMonth = {
  property: string;
  month: string;
  /** More units than MAX_MONTH_UNITS: the first ones are listed. */
  truncated: boolean;
  counts: Record<MonthStatus, number>;
  rows: MonthRow[];
};

/**
 * A record's state by its channel; a portal `sent` is the notification that the document waits there, a portal
 * `posted` the letter with the link that carried it. `printed`: the letters are made, not yet posted (not reached).
 */
const REACHED: Record<string, MonthStatus> = {
  "email:sent": "email",
  "portal:sent": "portal",
  "portal:posted": "portal",
  "post:posted": "posted",
  opened: "opened",
  printed: "printed",
};

/** Where the rule leaves a document with nobody to receive it. */
const NOBODY: Partial<Record<RecipientKind, MonthStatus>> = {
  change: "change",
  uncovered: "uncovered",
  noPeriod: "noPeriod",
  vacancy: "vacancy",
  none: "notNeeded",
};

function statusOf(r: MonthDbRow): MonthStatus {
  if (!r.documentid) return "noDocument";
  const nobody = NOBODY[r.kind ?? "uncovered"];
  if (nobody) return nobody === "uncovered" && !r.has_tenancies ? "noResident" : nobody;
  if (r.erased) return "erased";
  // Not archived because not yet confirmed (nor opened) is an ordinary step; only a confirmed one lacks its archive.
  if (!r.sha256) return r.doc_state === "confirmed" || r.doc_state === "elsewhere" ? "notArchived" : "notConfirmed";
  if (r.state) {
    const reached = REACHED[`${r.channel}:${r.state}`] ?? REACHED[r.state];
    if (reached) return reached;
    if (r.state === "failed" || r.state === "pending" || r.state === "unknown") return r.state;
    // Came back undelivered (lib/handoffs/bounces): not reached, with the bounce's reason; its letter goes into the
    // next print (lib/handoffs/print/targets.ts), and the row then follows the letter (`printed`, `posted`).
    if (r.state === "bounced") return "bounced";
  }
  if (r.resident_channel === "email" && !r.has_email) return "noEmail";
  // A portal resident without e-mail is reached by the letter with their link: it waits for the print.
  if (r.resident_channel === "portal" && !r.has_email) return "notPrinted";
  return r.resident_channel === "post" ? "notPrinted" : "open";
}

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);
const day = (v: string | Date | null) =>
  v === null ? null : (typeof v === "string" ? v : v.toISOString()).slice(0, 10);

function entryOf(r: MonthDbRow, locale: Locale): MonthEntry {
  const status = statusOf(r);
  const recorded = r.state !== null && r.tenancy_id !== null && status !== "notArchived" && status !== "notConfirmed";
  return {
    document: r.documentid
      ? { connectionId: r.connection_id!, documentid: r.documentid, filename: r.filename ?? "" }
      : null,
    status,
    resident: r.documentid ? r.resident_name : r.present_name,
    channel: r.channel ?? r.resident_channel ?? (r.documentid ? null : r.present_channel),
    at: recorded ? iso(r.at) : null,
    by: recorded ? r.by : null,
    ...((status === "failed" || status === "bounced") && {
      reason: failureWords(r.reason ? (JSON.parse(r.reason) as unknown) : null, (k, v) => translate(locale, k, v)),
    }),
    ...(r.decided_at && { decided: { by: r.decided_by, at: iso(r.decided_at)! } }),
    ...(!r.documentid && r.present_vacancy && { vacancy: true as const }),
  };
}

/** Kinds a manager decides (or decided): their entries list the tenancies to choose from. */
const DECIDABLE = new Set<RecipientKind>(["change", "uncovered", "noPeriod", "assigned", "none"]);

/** The tenancies meeting each undecided document's period, read once for the units that have such documents. */
async function addTenancies(db: Db, pairs: [MonthDbRow, MonthEntry][]) {
  const open = pairs.filter(([r]) => r.documentid && r.kind && DECIDABLE.has(r.kind));
  const histories = await readHistories(db, [...new Set(open.map(([r]) => r.unit_id))]);
  for (const [r, e] of open) {
    const from = day(r.period_from);
    const to = day(r.period_to) ?? from;
    e.tenancies = [...(histories.get(r.unit_id) ?? [])]
      .reverse()
      .filter(
        (t) => !from || !to || ((t.moveIn === null || t.moveIn <= to) && (t.moveOut === null || t.moveOut >= from)),
      )
      .map((t) => ({
        id: t.id,
        name: t.resident?.name ?? null,
        moveIn: t.moveIn,
        moveOut: t.moveOut,
        vacancy: t.vacancy,
      }));
  }
}

/** The view, and for each of its entries the statement's row it came from (the proof reads more of it). */
export type MonthDetail = { view: HandoffMonth; rowOf: Map<MonthEntry, MonthDbRow> };

export async function readMonthDetail(
  db: Db,
  p: Principal,
  input: HandoffMonthInput,
  locale: Locale,
): Promise<MonthDetail> {
  const rows = new Map<string, MonthRow>();
  const pairs: [MonthDbRow, MonthEntry][] = [];
  for (const r of await readMonthRows(db, p, input)) {
    const row = rows.get(r.unit_id) ?? {
      unitId: r.unit_id,
      unit: r.mscnumber ?? r.pmnumber ?? "",
      pmnumber: r.pmnumber,
      label: r.label,
      resident: null,
      entries: [],
    };
    const entry = entryOf(r, locale);
    row.resident ??= entry.resident;
    row.entries.push(entry);
    pairs.push([r, entry]);
    rows.set(r.unit_id, row);
  }
  await addTenancies(db, pairs);
  const all = [...rows.values()];
  const listed = all.slice(0, MAX_MONTH_UNITS);
  const counts = Object.fromEntries(MONTH_STATUSES.map((s) => [s, 0])) as Record<MonthStatus, number>;
  for (const e of listed.flatMap((r) => r.entries)) counts[e.status]++;
  const view = {
    property: input.property,
    month: input.month,
    truncated: all.length > listed.length,
    counts,
    rows: listed,
  };
  return { view, rowOf: new Map(pairs.map(([r, e]) => [e, r])) };
}

export async function readHandoffMonth(
  db: Db,
  p: Principal,
  input: HandoffMonthInput,
  locale: Locale,
): Promise<HandoffMonth> {
  return (await readMonthDetail(db, p, input, locale)).view;
}

/** The property names of the user's register, in order: the view's choices. */
export async function ownProperties(db: Db, p: Principal): Promise<string[]> {
  const rows = rowsOf<{ property: string }>(
    await db.execute(
      sql`SELECT DISTINCT property FROM units WHERE team_id = ${p.teamId} AND property IS NOT NULL ORDER BY property`,
    ),
  );
  return rows.map((r) => r.property);
}
