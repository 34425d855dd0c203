import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import type { ReplyKind, UnitReply } from "@/lib/handoff-replies";
import type { Reply } from "./parse";

/**
 * Replies kept and read (docs/api.md, "Bounces"): a reply is kept on the e-mail hand-off whose Message-ID it names, for
 * the hand-off's unit, tenancy and the unit's team, unless the resident's data is erased by then (nothing of it is
 * kept). Audited by ids and kind, never its text. The unit's team reads them; they go with the resident's contact data
 * (lib/register/tenancies/erase.ts).
 */

export type { UnitReply };

/** Replies per unit in the register's list, and in one unit's answer. */
export const LIST_REPLIES = 5;
export const UNIT_REPLIES = 50;

type Matched = { handoff: string; connection_id: string; documentid: string; tenancy_id: string; unit_id: string };

/** Keeps `reply` on the hand-off it answers; whether one was found (then it was kept now or before). */
export async function keepReply(db: Db, reply: Reply): Promise<boolean> {
  if (reply.answers.length === 0) return false;
  const ids = sql.join(
    reply.answers.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = rowsOf<Matched & { kept: number }>(
    await db.execute(sql`WITH h AS (SELECT h.id AS handoff, h.connection_id, h.documentid, h.tenancy_id, h.unit_id, u.team_id
        FROM handoffs h JOIN units u ON u.id = h.unit_id JOIN tenancies t ON t.id = h.tenancy_id AND t.erased_at IS NULL
        WHERE h.message_id IN (${ids}) AND h.channel = 'email' ORDER BY h.at DESC LIMIT 1),
      kept AS (INSERT INTO handoff_replies (id, handoff_id, tenancy_id, unit_id, team_id, message_id, kind, received_at,
          subject, body)
        SELECT ${randomUUID()}::uuid, handoff, tenancy_id, unit_id, team_id, ${reply.messageId}, ${reply.kind},
          ${reply.at.toISOString()}::timestamptz, ${reply.subject}, ${reply.text} FROM h
        ON CONFLICT DO NOTHING RETURNING 1)
      SELECT h.*, (SELECT count(*) FROM kept)::int AS kept FROM h`),
  );
  if (!row) return false;
  if (Number(row.kept) > 0)
    await recordEvent(db, {
      kind: "handoff.reply",
      actor: "system",
      connectionId: row.connection_id,
      documentid: row.documentid,
      detail: { handoff: row.handoff, unit: row.unit_id, tenancy: row.tenancy_id, kind: reply.kind },
    });
  return true;
}

/** The newest replies of the team's units `unitIds` (at most `perUnit` each), newest first, by unit id. */
export async function repliesOf(
  db: Db,
  p: Principal,
  unitIds: string[],
  perUnit: number,
): Promise<Map<string, UnitReply[]>> {
  const byUnit = new Map<string, UnitReply[]>(unitIds.map((id) => [id, []]));
  if (unitIds.length === 0) return byUnit;
  const ids = sql.join(
    unitIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<{ unit_id: string; received_at: string | Date; kind: ReplyKind; subject: string; body: string }>(
    await db.execute(sql`SELECT unit_id, received_at, kind, subject, body FROM (
        SELECT r.*, row_number() OVER (PARTITION BY r.unit_id ORDER BY r.received_at DESC, r.id) AS n
        FROM handoff_replies r JOIN units u ON u.id = r.unit_id
        WHERE r.unit_id IN (${ids}) AND u.team_id = ${p.teamId}::uuid) x
      WHERE n <= ${perUnit} ORDER BY received_at DESC, id`),
  );
  for (const r of rows)
    byUnit.get(r.unit_id)?.push({
      at: new Date(r.received_at).toISOString(),
      kind: r.kind,
      subject: r.subject,
      text: r.body,
    });
  return byUnit;
}
