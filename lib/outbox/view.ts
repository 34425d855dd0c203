import "server-only";
import { eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import { connections } from "@/lib/db/schema/connections";
import { outboxItems, type OutboxItemRow, type OutboxState, type OutboxStatus } from "@/lib/db/schema/outbox";
import { users } from "@/lib/db/schema/users";
import { isMessageKey, translate, type Locale } from "@/lib/i18n/messages";

/** An outbox item as the API answers it (docs/api.md, "Shapes"): who is named by e-mail, times in ISO 8601 UTC. */
export type OutboxItem = {
  id: string;
  connectionId: string;
  filename: string;
  bytes: number;
  sha256: string;
  doctype: string | null;
  doctypeversion: string | null;
  kd: string;
  metadata: Record<string, unknown>[] | null;
  state: OutboxState;
  status: OutboxStatus | null;
  httpStatus: number | null;
  /** Words for a person when the outcome needs them, in the caller's language. */
  message: string | null;
  sentAt: string;
  sentBy: string | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
};

/** Support's view of an item: whose connection it went through. */
export type SupportOutboxItem = OutboxItem & { connectionName: string; owner: string };

const sender = alias(users, "sender");
const resolver = alias(users, "resolver");
const owner = alias(users, "owner");

/** Items with the e-mails of who sent and who resolved them; `extra` adds columns. */
export function selectItems<X extends Record<string, SQL.Aliased | SQL | typeof connections.name>>(db: Db, extra: X) {
  return db
    .select({ item: outboxItems, sentBy: sender.email, resolvedBy: resolver.email, ...extra })
    .from(outboxItems)
    .leftJoin(sender, eq(sender.id, outboxItems.sentBy))
    .leftJoin(resolver, eq(resolver.id, outboxItems.resolvedBy));
}

/** Items with their connection's name and owner, for support (every user's). */
export function selectSupportItems<X extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: X) {
  return selectItems(db, { connectionName: connections.name, owner: owner.email, ...extra })
    .innerJoin(connections, eq(connections.id, outboxItems.connectionId))
    .innerJoin(owner, eq(owner.id, connections.userId));
}

/** The text of an item's outcome: our words for its reason, with the provider's own where it gave some. */
function messageOf(row: OutboxItemRow, locale: Locale): string | null {
  const key = row.messageKey;
  if (!key || !isMessageKey(key)) return row.messageText;
  return translate(locale, key, { text: row.messageText ?? "", status: row.httpStatus ?? "" });
}

export function toItem(
  r: { item: OutboxItemRow; sentBy: string | null; resolvedBy: string | null },
  locale: Locale,
): OutboxItem {
  const i = r.item;
  return {
    id: i.id,
    connectionId: i.connectionId,
    filename: i.filename,
    bytes: Number(i.bytes),
    sha256: i.sha256,
    doctype: i.doctype,
    doctypeversion: i.doctypeversion,
    kd: i.kd,
    metadata: i.metadata ?? null,
    state: i.state,
    status: i.status ?? null,
    httpStatus: i.httpStatus,
    message: messageOf(i, locale),
    sentAt: i.sentAt.toISOString(),
    sentBy: r.sentBy,
    resolvedAt: i.resolvedAt?.toISOString() ?? null,
    resolvedBy: r.resolvedBy,
  };
}

export function toSupportItem(
  r: { item: OutboxItemRow; sentBy: string | null; resolvedBy: string | null; connectionName: string; owner: string },
  locale: Locale,
): SupportOutboxItem {
  return { ...toItem(r, locale), connectionName: r.connectionName, owner: r.owner };
}
