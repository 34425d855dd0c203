import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { retryTransient } from "@/lib/db/transient";
import { connections, type ConnectionRow } from "@/lib/db/schema/connections";
import { outboxItems, type OutboxItemRow } from "@/lib/db/schema/outbox";
import { users } from "@/lib/db/schema/users";
import { eventRow, principalActor, type Actor } from "@/lib/audit/audit";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { formatDateTime } from "@/lib/format";
import { translate, type Locale } from "@/lib/i18n/messages";
import type { SendOutcome } from "@/lib/provider/send-answer";
import type { OutboxListInput } from "./schemas";
import type { Upload } from "./upload";
import { selectItems, toItem, type OutboxItem } from "./view";
import { usableBy } from "@/lib/connections/usable";

/**
 * The outbox's rows (docs/architecture.md, "Outbox"). Invariant: an item is inserted as `unknown`
 * (the intent) and committed before its one request goes out; only the caller that inserted it
 * sends it. The repeat check and the insert run in one transaction holding the connection's row,
 * so two uploads of the same bytes on one connection cannot both pass it.
 */

/** Why the outcome reads as it does, for a person (lib/outbox/messages.ts, `outboxServer`). */
function messageKey(o: SendOutcome): string | null {
  switch (o.reason) {
    case "ok":
      return null;
    case "declined":
    case "refused":
      return `outboxApi.message.${o.reason}${o.text ? "" : "Bare"}`;
    default:
      return `outboxApi.message.${o.reason}`;
  }
}

/** An earlier item of these bytes that was sent, or may have been: a repeat needs `again`. */
async function earlierSend(tx: Pick<Db, "select">, connectionId: string, sha256: string) {
  const [row] = await tx
    .select({ item: outboxItems, sentBy: users.email })
    .from(outboxItems)
    .leftJoin(users, eq(users.id, outboxItems.sentBy))
    .where(
      and(
        eq(outboxItems.connectionId, connectionId),
        eq(outboxItems.sha256, sha256),
        inArray(outboxItems.state, ["sent", "unknown"]),
      ),
    )
    .orderBy(desc(outboxItems.sentAt))
    .limit(1);
  return row;
}

/**
 * Commits the intent of a send: the item as `unknown`, or `already_sent` (409, naming the earlier
 * send) for bytes this connection sent before, unless `again`.
 */
export async function claimSend(
  db: Db,
  input: {
    connection: ConnectionRow;
    principal: Principal;
    upload: Upload;
    kd: string;
    again: boolean;
    locale: Locale;
  },
): Promise<OutboxItemRow> {
  const { connection, upload } = input;
  return retryTransient(() =>
    db.transaction(async (tx) => {
      // Serialises the sends of one connection from here to the commit.
      await tx.execute(sql`SELECT id FROM ${connections} WHERE id = ${connection.id} FOR UPDATE`);
      const earlier = input.again ? undefined : await earlierSend(tx, connection.id, upload.file.sha256);
      if (earlier) {
        const key = earlier.item.state === "unknown" ? "outboxApi.alreadySentUnknown" : "outboxApi.alreadySent";
        throw new AppError(409, "already_sent", key, {
          vars: {
            at: formatDateTime(earlier.item.sentAt, { locale: input.locale, timeZone: env().displayTimeZone }),
            who: earlier.sentBy ?? translate(input.locale, "outboxApi.someone"),
          },
          extra: { previous: toItem({ item: earlier.item, sentBy: earlier.sentBy, resolvedBy: null }, input.locale) },
        });
      }
      const [row] = await tx
        .insert(outboxItems)
        .values({
          id: randomUUID(),
          connectionId: connection.id,
          filename: upload.filename,
          contentType: upload.contentType,
          bytes: upload.file.bytes,
          sha256: upload.file.sha256,
          doctype: upload.fields.doctype ?? null,
          doctypeversion: upload.fields.doctypeversion ?? null,
          kd: input.kd,
          metadata: upload.fields.metadata ?? null,
          state: "unknown",
          messageKey: "outboxApi.message.inFlight",
          sentAt: new Date(),
          sentBy: input.principal.userId,
        })
        .returning();
      return row!;
    }),
  );
}

/** The provider's answer on the item, and the send's audit event, in one statement. */
export async function recordOutcome(db: Db, item: OutboxItemRow, actor: Actor, o: SendOutcome): Promise<void> {
  const key = messageKey(o);
  const event = eventRow({
    kind: "outbox_send",
    actor,
    connectionId: item.connectionId,
    detail: {
      itemId: item.id,
      filename: item.filename,
      bytes: Number(item.bytes),
      sha256: item.sha256,
      state: o.state,
      ...(o.httpStatus && { httpStatus: o.httpStatus }),
    },
  });
  await retryTransient(() =>
    db.execute(sql`
      WITH item AS (
        UPDATE outbox_items SET state = ${o.state}, status = ${o.status ? JSON.stringify(o.status) : null}::jsonb,
          http_status = ${o.httpStatus}::int, message_key = ${key}, message_text = ${o.text}
        WHERE id = ${item.id}
      )
      INSERT INTO audit_events (kind, actor_id, actor, connection_id, documentid, detail) ${event}`),
  );
}

/** One item of the connection, as answered. */
export async function readItem(
  db: Db,
  connectionId: string,
  itemId: string,
  locale: Locale,
): Promise<OutboxItem | null> {
  const [row] = await selectItems(db, {})
    .where(and(eq(outboxItems.connectionId, connectionId), eq(outboxItems.id, itemId)))
    .limit(1);
  return row ? toItem(row, locale) : null;
}

/** A connection's items, newest first, with paging. */
export async function listItems(db: Db, connectionId: string, input: OutboxListInput, locale: Locale) {
  const where = eq(outboxItems.connectionId, connectionId);
  const [rows, [total]] = await Promise.all([
    selectItems(db, {})
      .where(where)
      .orderBy(desc(outboxItems.sentAt), desc(outboxItems.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: count() }).from(outboxItems).where(where),
  ]);
  return {
    count: Number(total?.n ?? 0),
    offset: input.offset,
    limit: input.limit,
    items: rows.map((r) => toItem(r, locale)),
  };
}

/**
 * A connection's items for a page that has no `withConnection` in front of it (the Ausgang page):
 * only a connection the user works through (lib/connections/usable.ts) that is not deleted; any other id is not found.
 */
export async function listOwnItems(db: Db, p: Principal, connectionId: string, input: OutboxListInput, locale: Locale) {
  const [own] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.id, connectionId), usableBy(p, "connections"), isNull(connections.deletedAt)));
  if (!own) throw notFound("outboxApi.notFound");
  return listItems(db, connectionId, input, locale);
}

/**
 * The person who checked with the provider settles an `unknown` item as `sent` or `failed`
 * (nothing is sent again), with its audit event; any other state answers 409 `not_unknown`.
 */
export async function resolveItem(
  db: Db,
  input: { connectionId: string; itemId: string; state: "sent" | "failed"; principal: Principal; locale: Locale },
) {
  const event = eventRow({
    kind: "outbox_resolve",
    actor: principalActor(input.principal),
    connectionId: input.connectionId,
    detail: { itemId: input.itemId, state: input.state },
  });
  const result = await retryTransient(() =>
    db.execute(sql`
      WITH item AS (
        UPDATE outbox_items SET state = ${input.state}, resolved_at = now(), resolved_by = ${input.principal.userId}::uuid
        WHERE id = ${input.itemId}::uuid AND connection_id = ${input.connectionId}::uuid AND state = 'unknown'
        RETURNING id
      ), events AS (
        INSERT INTO audit_events (kind, actor_id, actor, connection_id, documentid, detail) ${event} FROM item
      )
      SELECT id FROM item`),
  );
  const item = await readItem(db, input.connectionId, input.itemId, input.locale);
  if (!item) throw new AppError(404, "not_found", "outboxApi.notFound");
  if (rowsOf(result).length !== 1) throw new AppError(409, "not_unknown", "outboxApi.notUnknown", { extra: { item } });
  return item;
}
