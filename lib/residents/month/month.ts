import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { translate, type Locale } from "@/lib/i18n/messages";
import type { Channel } from "@/lib/lists/units";
import { failureWords } from "@/lib/residents/handoffs/failure-words";
import {
  MAX_MONTH_DOCUMENTS,
  MAX_MONTH_UNITS,
  MONTH_STATUSES,
  type HandoffMonthInput,
  type MonthStatus,
} from "@/lib/residents/month/query";

/**
 * The monthly §6a view of one property (docs/api.md, "The monthly view of the hand-off"): each unit
 * of the owner's register in it, with that month's documents (by their period) and what became of
 * each for the unit's present resident: reached by which channel, when and by whom, or why not.
 * The page and the CSV read this one function, so they agree. Only the present resident's record
 * counts: a hand-off to someone who moved out is not the present resident's.
 */

export type MonthEntry = {
  document: { connectionId: string; documentid: string; filename: string } | null;
  status: MonthStatus;
  channel: Channel | null;
  at: string | null;
  by: string | null;
  /** A failed send: the mail server's answer in the reader's words (no address: lib/residents/mail/failure.ts). */
  reason?: string;
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

type Row = {
  unit_id: string;
  mscnumber: string | null;
  pmnumber: string | null;
  label: string | null;
  resident_name: string | null;
  resident_channel: Channel | null;
  has_email: boolean;
  connection_id: string | null;
  documentid: string | null;
  filename: string | null;
  sha256: string | null;
  channel: Channel | null;
  state: string | null;
  at: Date | string | null;
  by: string | null;
  reason: string | null;
};

/** A record's state by its channel; a portal `sent` is the notification that the document waits there. */
const REACHED: Record<string, MonthStatus> = {
  "email:sent": "email",
  "portal:sent": "portal",
  opened: "opened",
  printed: "printed",
};

function statusOf(r: Row): MonthStatus {
  if (!r.documentid) return "noDocument";
  if (!r.resident_name) return "noResident";
  if (!r.sha256) return "notArchived";
  if (r.state) {
    const reached = REACHED[`${r.channel}:${r.state}`] ?? REACHED[r.state];
    if (reached) return reached;
    if (r.state === "failed" || r.state === "pending" || r.state === "unknown") return r.state;
  }
  if (r.resident_channel === "email" && !r.has_email) return "noEmail";
  return r.resident_channel === "post" ? "notPrinted" : "open";
}

function entryOf(r: Row, locale: Locale): MonthEntry {
  const status = statusOf(r);
  const recorded = r.state !== null && status !== "noResident" && status !== "notArchived";
  return {
    document: r.documentid
      ? { connectionId: r.connection_id!, documentid: r.documentid, filename: r.filename ?? "" }
      : null,
    status,
    channel: r.channel ?? r.resident_channel,
    at: recorded && r.at ? new Date(r.at).toISOString() : null,
    by: recorded ? r.by : null,
    ...(status === "failed" && {
      reason: failureWords(r.reason ? (JSON.parse(r.reason) as unknown) : null, (k, v) => translate(locale, k, v)),
    }),
  };
}

function readRows(db: Db, userId: string, input: HandoffMonthInput) {
  const first = `${input.month}-01`;
  return db.execute(sql`
    SELECT u.id AS unit_id, u.mscnumber, u.pmnumber, u.label, u.resident_name, u.channel AS resident_channel, u.resident_email IS NOT NULL AS has_email,
      d.connection_id, d.documentid, d.filename, d.sha256, h.channel, h.state, h.at, b.email AS by, h.reason
    FROM (SELECT * FROM units WHERE user_id = ${userId} AND property = ${input.property}
      ORDER BY label, unit_key LIMIT ${MAX_MONTH_UNITS + 1}) u
    LEFT JOIN LATERAL (
      SELECT d.connection_id, d.documentid, d.filename, d.sha256, d.first_seen_at FROM delivery_documents d
      JOIN connections c ON c.id = d.connection_id AND c.user_id = ${userId} AND c.deleted_at IS NULL
      WHERE (d.unit_msc = u.mscnumber OR (u.mscnumber IS NULL AND d.unit_pm = u.pmnumber))
        AND d.period_from >= ${first}::date AND d.period_from < (${first}::date + interval '1 month')
      ORDER BY d.first_seen_at, d.documentid LIMIT ${MAX_MONTH_DOCUMENTS}
    ) d ON true
    LEFT JOIN handoffs h ON h.connection_id = d.connection_id AND h.documentid = d.documentid
      AND h.unit_key = u.unit_key AND h.resident_since = u.resident_since
    LEFT JOIN users b ON b.id = h.by_user
    ORDER BY u.label, u.unit_key, d.first_seen_at, d.documentid`);
}

export async function readHandoffMonth(
  db: Db,
  userId: string,
  input: HandoffMonthInput,
  locale: Locale,
): Promise<HandoffMonth> {
  const rows = new Map<string, MonthRow>();
  for (const r of rowsOf<Row>(await readRows(db, userId, input))) {
    const row = rows.get(r.unit_id) ?? {
      unitId: r.unit_id,
      unit: r.mscnumber ?? r.pmnumber ?? "",
      pmnumber: r.pmnumber,
      label: r.label,
      resident: r.resident_name,
      entries: [],
    };
    row.entries.push(entryOf(r, locale));
    rows.set(r.unit_id, row);
  }
  const all = [...rows.values()];
  const listed = all.slice(0, MAX_MONTH_UNITS);
  const counts = Object.fromEntries(MONTH_STATUSES.map((s) => [s, 0])) as Record<MonthStatus, number>;
  for (const e of listed.flatMap((r) => r.entries)) counts[e.status]++;
  return { property: input.property, month: input.month, truncated: all.length > listed.length, counts, rows: listed };
}

/** The property names of the user's register, in order: the view's choices. */
export async function ownProperties(db: Db, userId: string): Promise<string[]> {
  const rows = rowsOf<{ property: string }>(
    await db.execute(
      sql`SELECT DISTINCT property FROM units WHERE user_id = ${userId} AND property IS NOT NULL ORDER BY property`,
    ),
  );
  return rows.map((r) => r.property);
}
