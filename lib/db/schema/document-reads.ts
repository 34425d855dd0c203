import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { connections } from "./connections";
import { users } from "./users";

/** The first time a manager opened a document's file (migration 0032_document_reads.sql; lib/delivery/reads.ts). */
export const documentReads = pgTable(
  "document_reads",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    documentid: text("documentid").notNull(),
    readBy: uuid("read_by").references(() => users.id, { onDelete: "set null" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.documentid] })],
);
