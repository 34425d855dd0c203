import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { and, count, desc, eq, ilike, like, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containing } from "@/lib/db/rows";
import { connections } from "@/lib/db/schema/connections";
import { outboxItems as o } from "@/lib/db/schema/outbox";
import type { Locale } from "@/lib/i18n/messages";
import type { OutboxFiltersInput } from "@/lib/outbox/list";
import { assertSupport, badRange, recordTimeZone } from "@/lib/delivery/support/records";
import type { OutboxSupportInput } from "./schemas";
import { selectSupportItems, toSupportItem } from "./view";

/**
 * Support's view of the outbox: every user's items, read-only, filtered like the delivery record
 * (days of sending in the display time zone). The principal is checked here as well as in the route.
 */

const SHA_PREFIX = /^[0-9a-f]{4,64}$/i;

/** `q`: a file name as a substring, or the start of a SHA-256 (at least four hex digits). */
function matches(q: string): SQL {
  const pattern = containing(q);
  return SHA_PREFIX.test(q)
    ? or(ilike(o.filename, pattern), like(o.sha256, `${q.toLowerCase()}%`))!
    : ilike(o.filename, pattern);
}

/** The filters as one condition; none means every item, which support may read. */
export function outboxCondition(f: OutboxFiltersInput): SQL | undefined {
  if (f.from && f.to && f.from > f.to) throw badRange("to", "deliveryRecord.rangeOrder");
  const conditions: SQL[] = [];
  if (f.q) conditions.push(matches(f.q));
  if (f.state) conditions.push(eq(o.state, f.state));
  if (f.connection) conditions.push(eq(o.connectionId, f.connection));
  if (f.from) conditions.push(sql`${o.sentAt} >= (${f.from}::date::timestamp AT TIME ZONE ${recordTimeZone()})`);
  if (f.to) conditions.push(sql`${o.sentAt} < ((${f.to}::date + 1)::timestamp AT TIME ZONE ${recordTimeZone()})`);
  return and(...conditions);
}

export const outboxOrder = [desc(o.sentAt), desc(o.id)];

export async function listSupportOutbox(db: Db, principal: Principal, input: OutboxSupportInput, locale: Locale) {
  assertSupport(principal);
  const where = outboxCondition(input);
  const [rows, [total]] = await Promise.all([
    selectSupportItems(db, {})
      .where(where)
      .orderBy(...outboxOrder)
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: count() }).from(o).innerJoin(connections, eq(connections.id, o.connectionId)).where(where),
  ]);
  return {
    count: Number(total?.n ?? 0),
    offset: input.offset,
    limit: input.limit,
    items: rows.map((r) => toSupportItem(r, locale)),
  };
}
