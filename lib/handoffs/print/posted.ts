import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { AppError } from "@/lib/errors";
import { appendOutcomes } from "@/lib/handoffs/record";
import type { PostedInput } from "@/lib/handoffs/portal/schemas";
import { usableBy } from "@/lib/connections/usable";

/**
 * `POST /api/handoffs/posted` (docs/api.md, "The resident's portal and the printed letters"): a person confirms that
 * the letters of a print were printed and posted. Their hand-offs (the post letters, and the documents a portal
 * resident's link letter carries) go from `printed` ("Briefe erstellt") to `posted`: handed on, by whom and when.
 * The `printed` step stays in the record's history (migration 0040), so the proof says both.
 */

export type Posted = { posted: number; documents: { connectionId: string; documentid: string; channel: string }[] };

type Row = { connection_id: string; documentid: string; channel: string; sha256: string; attempts: number };

export async function confirmPosted(db: Db, p: Principal, input: PostedInput): Promise<Posted> {
  const first = `${input.month}-01`;
  const only = input.documents
    ? sql`AND (h.connection_id, h.documentid) IN (SELECT a.c::uuid, a.d FROM jsonb_to_recordset(${JSON.stringify(
        input.documents.map((d) => ({ c: d.connectionId, d: d.documentid })),
      )}::jsonb) AS a(c text, d text))`
    : sql``;
  const rows = rowsOf<Row>(
    await db.execute(sql`WITH h AS (
      UPDATE handoffs h SET state = 'posted', by_user = ${p.userId}::uuid, at = now()
      FROM units u, connections c, delivery_documents d
      WHERE h.state = 'printed' AND u.id = h.unit_id AND u.team_id = ${p.teamId}::uuid AND u.property = ${input.property}
        AND c.id = h.connection_id AND ${usableBy(p)} AND c.deleted_at IS NULL
        AND d.connection_id = h.connection_id AND d.documentid = h.documentid
        AND d.period_from >= ${first}::date AND d.period_from < ${first}::date + interval '1 month' ${only}
      RETURNING h.*
    ), o AS (${appendOutcomes})
    SELECT h.connection_id, h.documentid, h.channel, h.sha256, h.attempts FROM h ORDER BY h.connection_id, h.documentid`),
  );
  if (rows.length === 0)
    throw new AppError(404, "nothing_to_post", "portal.posted.nothing", {
      vars: { property: input.property, month: input.month },
    });
  for (const r of rows)
    await recordEvent(db, {
      kind: "handoff",
      actor: principalActor(p),
      connectionId: r.connection_id,
      documentid: r.documentid,
      detail: { channel: r.channel, state: "posted", attempt: r.attempts, sha256: r.sha256 },
    });
  return {
    posted: rows.length,
    documents: rows.map((r) => ({ connectionId: r.connection_id, documentid: r.documentid, channel: r.channel })),
  };
}
