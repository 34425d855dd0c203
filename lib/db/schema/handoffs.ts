import { jsonb, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { HANDOFF_STATES, type HandoffState } from "../../handoff-states";
import { CHANNELS } from "../../handoff-states";
import { connections } from "./connections";
import { tenancies } from "./tenancies";
import { units } from "./units";
import { users } from "./users";

/** The hand-off record of lib/handoffs (migration 0023_handoffs.sql): no name or address of a resident in it. */

const at = (name: string) => timestamp(name, { withTimezone: true });

export type { HandoffState };

export const handoffs = pgTable(
  "handoffs",
  {
    id: uuid("id").primaryKey(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    documentid: text("documentid").notNull(),
    unitKey: text("unit_key").notNull(),
    unitId: uuid("unit_id").references(() => units.id, { onDelete: "set null" }),
    tenancyId: uuid("tenancy_id").references(() => tenancies.id, { onDelete: "set null" }),
    channel: text("channel", { enum: CHANNELS }).notNull(),
    state: text("state", { enum: HANDOFF_STATES }).notNull(),
    sha256: text("sha256").notNull(),
    attempts: integer("attempts").notNull().default(1),
    messageId: text("message_id"),
    reason: text("reason"),
    /** The consent behind a digital hand-off when it was claimed (migration 0053). */
    consent: jsonb("consent"),
    claimedBy: text("claimed_by"),
    claimUntil: at("claim_until"),
    byUser: uuid("by_user").references(() => users.id, { onDelete: "set null" }),
    at: at("at").notNull().defaultNow(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("handoffs_once").on(t.connectionId, t.documentid, t.tenancyId),
    index("handoffs_tenancy").on(t.tenancyId),
    index("handoffs_unit").on(t.unitId, t.at),
  ],
);
export type HandoffRow = typeof handoffs.$inferSelect;
