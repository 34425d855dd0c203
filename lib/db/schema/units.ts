import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { teams } from "./teams";
import { users } from "./users";

/** The unit register of lib/register (migration 0018_units.sql); its residents are in tenancies.ts. */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const units = pgTable(
  "units",
  {
    id: uuid("id").primaryKey(),
    /** The team whose register it is (migration 0043; the column was the user's before). */
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    unitKey: text("unit_key").notNull(),
    mscnumber: text("mscnumber"),
    pmnumber: text("pmnumber"),
    billingunit: text("billingunit"),
    property: text("property"),
    address: text("address"),
    label: text("label"),
    /** A legal hold (migration 0047): while `holdAt` is set, no erasure touches the unit (lib/register/hold.ts). */
    holdReason: text("hold_reason"),
    holdBy: uuid("hold_by").references(() => users.id, { onDelete: "set null" }),
    holdAt: at("hold_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("units_key").on(t.teamId, t.unitKey),
    index("units_order").on(t.teamId, t.property, t.label, t.unitKey),
    index("units_msc").on(t.teamId, t.mscnumber),
    index("units_pm").on(t.teamId, t.pmnumber),
    // Migration 0019: support's property filter across every register.
    index("units_property").on(t.property),
  ],
);
export type UnitRow = typeof units.$inferSelect;

/**
 * The register's own settings, one row per team (migrations 0038_register_since.sql, 0043): `since` is its
 * "Bestand seit", the day a tenancy without a move-in is reported from (null: not set).
 */
export const registerSettings = pgTable("register_settings", {
  teamId: uuid("team_id")
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  since: date("since"),
  updatedAt: at("updated_at").notNull().defaultNow(),
});
