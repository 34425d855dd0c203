import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { REPLY_KINDS, type ReplyKind } from "../../handoff-replies";
import { handoffs } from "./handoffs";
import { teams } from "./teams";
import { tenancies } from "./tenancies";
import { units } from "./units";

/**
 * A reply to an e-mail hand-off read back from the sender's mailbox (migration 0050_handoff_replies.sql,
 * lib/handoffs/replies): an auto-reply or the resident's own answer. Personal data, erased with the resident's.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export type { ReplyKind };

export const handoffReplies = pgTable(
  "handoff_replies",
  {
    id: uuid("id").primaryKey(),
    handoffId: uuid("handoff_id").references(() => handoffs.id, { onDelete: "set null" }),
    tenancyId: uuid("tenancy_id")
      .notNull()
      .references(() => tenancies.id, { onDelete: "cascade" }),
    unitId: uuid("unit_id")
      .notNull()
      .references(() => units.id, { onDelete: "cascade" }),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** The reply's own Message-ID: a message read twice is kept once. */
    messageId: text("message_id"),
    kind: text("kind", { enum: REPLY_KINDS }).notNull(),
    receivedAt: at("received_at").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("handoff_replies_unit").on(t.unitId, t.receivedAt),
    index("handoff_replies_tenancy").on(t.tenancyId),
    uniqueIndex("handoff_replies_once").on(t.tenancyId, t.messageId),
  ],
);
export type HandoffReplyRow = typeof handoffReplies.$inferSelect;
