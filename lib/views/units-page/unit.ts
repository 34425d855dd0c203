import "server-only";
import { and, eq } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { units } from "@/lib/db/schema/units";
import { notFound } from "@/lib/errors";
import { LIST_REPLIES, repliesOf, UNIT_REPLIES, type UnitReply } from "@/lib/handoffs/replies/store";
import { attachReports } from "@/lib/onsite-roles/view";
import type { StoredUnit } from "@/lib/register/stored";
import { withHistories } from "@/lib/register/stored";

/**
 * A unit with the replies read back from its residents' e-mails (lib/handoffs/replies; docs/api.md, "Bounces"): the
 * register's units (`GET /api/units`, the newest LIST_REPLIES each) and one unit (`GET /api/units/{id}`, the newest
 * UNIT_REPLIES), both of the caller's team only. The register imports nothing of hand-offs: they are joined here.
 */

export type UnitWithReplies = StoredUnit & { replies: UnitReply[] };

/** `list`'s units with their newest replies. */
export async function withReplies(db: Db, p: Principal, list: StoredUnit[]): Promise<UnitWithReplies[]> {
  const replies = await repliesOf(
    db,
    p,
    list.map((u) => u.id),
    LIST_REPLIES,
  );
  return list.map((u) => ({ ...u, replies: replies.get(u.id) ?? [] }));
}

/** One unit of the caller's team, with its history, reports and replies; another team's is 404. */
export async function readUnit(db: Db, p: Principal, id: string): Promise<UnitWithReplies> {
  const rows = await db
    .select()
    .from(units)
    .where(and(eq(units.id, id), eq(units.teamId, p.teamId)));
  if (rows.length === 0) throw notFound("unitsApi.notFound");
  const [unit] = await attachReports(db, await withHistories(db, rows));
  const replies = await repliesOf(db, p, [id], UNIT_REPLIES);
  return { ...unit!, replies: replies.get(id) ?? [] };
}
