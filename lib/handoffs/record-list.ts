import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import type { HandoffsSearch, HandoffState } from "@/lib/handoffs/list";
import type { Channel } from "@/lib/register/list";
import { usableBy } from "@/lib/connections/usable";
import { failureWords } from "@/lib/handoffs/failure-words";
import { translate, type Locale } from "@/lib/i18n/messages";

/**
 * `GET /api/handoffs`: the user's hand-off record, newest first. `resident` is the name of the
 * tenancy it went to, while the register holds it (null once erased): the record itself keeps no name.
 */
export type Handoff = {
  connectionId: string;
  documentid: string;
  unit: string | null;
  resident: string | null;
  channel: Channel;
  state: HandoffState;
  at: string;
  by: string | null;
  attempts: number;
  messageId?: string;
  reason?: unknown;
  /** A failure's or a bounce's reason in the caller's words. */
  message?: string;
};

/** The stored reason (JSON, lib/handoffs/outcome.ts, bounces/mark.ts) and its words. */
function reasonOf(stored: string, locale: Locale): { reason: unknown; message: string } {
  const reason = JSON.parse(stored) as unknown;
  return { reason, message: failureWords(reason, (key, vars) => translate(locale, key, vars)) };
}

type Row = {
  connection_id: string;
  documentid: string;
  unit: string | null;
  resident: string | null;
  channel: Channel;
  state: HandoffState;
  at: Date | string;
  by: string | null;
  attempts: number;
  message_id: string | null;
  reason: string | null;
  total: number | string;
};

export async function listHandoffs(
  db: Db,
  p: Principal,
  q: HandoffsSearch,
  locale: Locale = "de",
): Promise<{ count: number; items: Handoff[] }> {
  const where = [
    usableBy(p),
    q.state ? sql`h.state = ${q.state}` : undefined,
    q.property ? sql`u.property = ${q.property}` : undefined,
    q.month ? sql`date_trunc('month', d.period_from) = ${`${q.month}-01`}::date` : undefined,
  ].filter((x) => x !== undefined);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      SELECT h.connection_id, h.documentid, COALESCE(u.mscnumber, u.pmnumber, substr(h.unit_key, 3)) AS unit,
        CASE WHEN t.erased_at IS NULL THEN t.resident_name END AS resident,
        h.channel, h.state, h.at, b.email AS by, h.attempts, h.message_id, h.reason, count(*) OVER () AS total
      FROM handoffs h
      JOIN connections c ON c.id = h.connection_id
      LEFT JOIN delivery_documents d ON d.connection_id = h.connection_id AND d.documentid = h.documentid
      LEFT JOIN units u ON u.id = h.unit_id
      LEFT JOIN tenancies t ON t.id = h.tenancy_id
      LEFT JOIN users b ON b.id = h.by_user
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY h.at DESC, h.id LIMIT ${q.limit} OFFSET ${q.offset}`),
  );
  return {
    count: Number(rows[0]?.total ?? 0),
    items: rows.map((r) => ({
      connectionId: r.connection_id,
      documentid: r.documentid,
      unit: r.unit,
      resident: r.resident,
      channel: r.channel,
      state: r.state,
      at: new Date(r.at).toISOString(),
      by: r.by,
      attempts: r.attempts,
      ...(r.message_id ? { messageId: r.message_id } : {}),
      ...(r.reason ? reasonOf(r.reason, locale) : {}),
    })),
  };
}
