import { date, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { teams } from "./teams";
import { users } from "./users";

/**
 * Who looks after a property of a team's register, and who stands in (migration 0044_responsibility.sql, issue #46).
 * `property` is the register's name of it (units.property).
 */
export const propertyResponsibility = pgTable(
  "property_responsibility",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    property: text("property").notNull(),
    responsibleId: uuid("responsible_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deputyId: uuid("deputy_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.property] })],
);

/** A member's current absence, first to last day (both counted); one per user. */
export const absences = pgTable("absences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  starts: date("starts", { mode: "string" }).notNull(),
  ends: date("ends", { mode: "string" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
