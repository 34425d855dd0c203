import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { connections } from "./connections";
import { users } from "./users";
import { OUTBOX_STATES, type OutboxState } from "../../outbox-states";

/** The DTA outbox of lib/delivery/outbox (migration 0012_outbox.sql). */

export { OUTBOX_STATES, type OutboxState };

/** The provider's status object as it answered (each part as text, or null when it left it out). */
export type OutboxStatus = { statustype: string | null; code: string | null; message: string | null };

const at = (name: string) => timestamp(name, { withTimezone: true });

export const outboxItems = pgTable(
  "outbox_items",
  {
    id: uuid("id").primaryKey(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    doctype: text("doctype"),
    doctypeversion: text("doctypeversion"),
    kd: text("kd").notNull().default(""),
    metadata: jsonb("metadata").$type<Record<string, unknown>[]>(),
    state: text("state", { enum: OUTBOX_STATES }).notNull(),
    status: jsonb("status").$type<OutboxStatus>(),
    httpStatus: integer("http_status"),
    messageKey: text("message_key"),
    messageText: text("message_text"),
    sentAt: at("sent_at").notNull().defaultNow(),
    sentBy: uuid("sent_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: at("resolved_at"),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("outbox_items_connection").on(t.connectionId, t.sentAt.desc(), t.id),
    index("outbox_items_sha256").on(t.connectionId, t.sha256),
    index("outbox_items_sent_at").on(t.sentAt.desc(), t.id),
  ],
);
export type OutboxItemRow = typeof outboxItems.$inferSelect;
