import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * A team (migration 0043_teams.sql): the office, or a department of it. Every user belongs to exactly one; the
 * register and what hangs off it belong to the team. `fourEyes`: releases by a second member (issue #46).
 */
export const teams = pgTable("teams", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  fourEyes: boolean("four_eyes").notNull().default(false),
  fourEyesMinDocuments: integer("four_eyes_min_documents").notNull().default(20),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type TeamRow = typeof teams.$inferSelect;
