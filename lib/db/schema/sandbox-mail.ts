import { bigserial, boolean, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** One message the sandbox mailbox received (migration 0021): its parsed header fields, text and attachments' facts. */
export type MailAttachment = { filename: string | null; contentType: string; size: number; sha256: string };

export const sandboxMail = pgTable("sandbox_mail", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  sender: text("sender").notNull(),
  recipients: jsonb("recipients").$type<string[]>().notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  attachments: jsonb("attachments").$type<MailAttachment[]>().notNull(),
  /** A message the sandbox itself sent (a delivery status notification, migration 0048). */
  bySandbox: boolean("by_sandbox").notNull().default(false),
  /** Header lines kept for tests (migration 0052): List-Unsubscribe and List-Unsubscribe-Post, by lower-case name. */
  headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
});
