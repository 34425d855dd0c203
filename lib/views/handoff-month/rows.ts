import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import type { Channel } from "@/lib/register/list";
import { MAX_MONTH_DOCUMENTS, MAX_MONTH_UNITS, type HandoffMonthInput } from "@/lib/views/handoff-month/query";
import { recipientOf, type RecipientKind } from "@/lib/register/tenancies/recipient";
import { today } from "@/lib/today";
import { usableBy } from "@/lib/connections/usable";

/**
 * The month view's statement (./month.ts): each unit of the property, its documents of the month
 * (by their period's first day), who receives each by the one rule (lib/register/tenancies/recipient.ts)
 * and that tenancy's hand-off record; beside it the unit's present resident, for units without a document.
 */
export type MonthDbRow = {
  unit_id: string;
  mscnumber: string | null;
  pmnumber: string | null;
  label: string | null;
  has_tenancies: boolean;
  present_name: string | null;
  present_channel: Channel | null;
  /** Today's tenancy is a vacancy: nobody to name for a unit without a document. */
  present_vacancy: boolean | null;
  connection_id: string | null;
  documentid: string | null;
  filename: string | null;
  sha256: string | null;
  /** The document's own state (open, confirmed, …): not archived reads otherwise before it is confirmed. */
  doc_state: string | null;
  period_from: string | Date | null;
  period_to: string | Date | null;
  kind: RecipientKind | null;
  tenancy_id: string | null;
  resident_name: string | null;
  resident_channel: Channel | null;
  has_email: boolean;
  erased: boolean;
  channel: Channel | null;
  state: string | null;
  at: Date | string | null;
  by: string | null;
  reason: string | null;
  /** The mail server's message id, and the bytes' SHA-256 the record holds: the month's proof (lib/views/proof). */
  message_id: string | null;
  sent_sha256: string | null;
  decided_by: string | null;
  decided_at: Date | string | null;
};

export async function readMonthRows(db: Db, p: Principal, input: HandoffMonthInput): Promise<MonthDbRow[]> {
  const first = `${input.month}-01`;
  const day = today();
  return rowsOf<MonthDbRow>(
    await db.execute(sql`
    SELECT u.id AS unit_id, u.mscnumber, u.pmnumber, u.label,
      EXISTS (SELECT 1 FROM tenancies x WHERE x.unit_id = u.id) AS has_tenancies, p.resident_name AS present_name, p.channel AS present_channel, p.vacancy AS present_vacancy,
      d.connection_id, d.documentid, d.filename, d.state AS doc_state, d.sha256, d.period_from, d.period_to, r.kind, r.tenancy_id,
      t.resident_name, t.channel AS resident_channel, t.resident_email IS NOT NULL AS has_email, t.erased_at IS NOT NULL AS erased,
      h.channel, h.state, h.at, b.email AS by, h.reason, h.message_id, h.sha256 AS sent_sha256, db.email AS decided_by, a.decided_at
    FROM (SELECT * FROM units WHERE team_id = ${p.teamId} AND property = ${input.property}
      ORDER BY label, unit_key LIMIT ${MAX_MONTH_UNITS + 1}) u
    LEFT JOIN LATERAL (
      SELECT CASE WHEN p.vacancy THEN NULL ELSE p.resident_name END AS resident_name, p.channel, p.vacancy FROM tenancies p
        WHERE p.unit_id = u.id AND p.erased_at IS NULL
        AND (p.move_in IS NULL OR p.move_in <= ${day}::date) AND (p.move_out IS NULL OR p.move_out >= ${day}::date)
      ORDER BY p.vacancy LIMIT 1
    ) p ON true
    LEFT JOIN LATERAL (
      SELECT d.connection_id, d.documentid, d.filename, d.state, d.sha256, d.first_seen_at, d.period_from, d.period_to FROM delivery_documents d
      JOIN connections c ON c.id = d.connection_id AND ${usableBy(p)} AND c.deleted_at IS NULL
      WHERE (d.unit_msc = u.mscnumber OR (u.mscnumber IS NULL AND d.unit_pm = u.pmnumber))
        AND d.period_from >= ${first}::date AND d.period_from < (${first}::date + interval '1 month')
      ORDER BY d.first_seen_at, d.documentid LIMIT ${MAX_MONTH_DOCUMENTS}
    ) d ON true
    ${recipientOf}
    LEFT JOIN tenancies t ON t.id = r.tenancy_id
    LEFT JOIN handoffs h ON h.connection_id = d.connection_id AND h.documentid = d.documentid AND h.tenancy_id = r.tenancy_id
    LEFT JOIN users b ON b.id = h.by_user
    LEFT JOIN handoff_assignments a ON a.connection_id = d.connection_id AND a.documentid = d.documentid AND a.unit_id = u.id
    LEFT JOIN users db ON db.id = a.decided_by
    ORDER BY u.label, u.unit_key, d.first_seen_at, d.documentid`),
  );
}
