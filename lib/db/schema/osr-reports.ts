import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { connections } from "./connections";
import { units } from "./units";

/** On-site-roles v2 reports, one per unit and connection (migration 0031_osr_reports.sql). */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const REPORT_STATES = ["pending", "accepted", "rejected", "unknown"] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export type ReportMessage = { type: string; shortmessage: string; message: string };

export const osrReports = pgTable(
  "osr_reports",
  {
    unitId: uuid("unit_id")
      .notNull()
      .references(() => units.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    /** The hash of the unit's whole state to be (or last) sent. */
    hash: text("hash").notNull(),
    state: text("state", { enum: REPORT_STATES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at"),
    httpStatus: integer("http_status"),
    transactionid: text("transactionid"),
    messages: jsonb("messages").$type<ReportMessage[]>(),
    sentAt: at("sent_at"),
    answeredAt: at("answered_at"),
    acceptedAt: at("accepted_at"),
    claimedBy: text("claimed_by"),
    claimUntil: at("claim_until"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.connectionId] }), index("osr_reports_connection").on(t.connectionId)],
);
export type OsrReportRow = typeof osrReports.$inferSelect;

export const REPORT_EVENT_KINDS = ["queued", "sent", "accepted", "rejected", "unknown", "dropped"] as const;
export type ReportEventKind = (typeof REPORT_EVENT_KINDS)[number];

/** The history of the reports, one row per step (migration 0033_osr_report_events.sql). */
export const osrReportEvents = pgTable(
  "osr_report_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    unitId: uuid("unit_id")
      .notNull()
      .references(() => units.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    at: at("at").notNull().defaultNow(),
    kind: text("kind", { enum: REPORT_EVENT_KINDS }).notNull(),
    reason: text("reason"),
    attempt: integer("attempt"),
    httpStatus: integer("http_status"),
    transactionid: text("transactionid"),
    messages: jsonb("messages").$type<ReportMessage[]>(),
    nextAttemptAt: at("next_attempt_at"),
  },
  (t) => [index("osr_report_events_unit").on(t.unitId, t.id)],
);
