import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { teams } from "./teams";

export const ROLES = ["admin", "manager", "support"] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable("users", {
  id: uuid("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  role: text("role", { enum: ROLES }).notNull(),
  /** The one team the user belongs to (migration 0043). */
  teamId: uuid("team_id")
    .notNull()
    .references(() => teams.id),
  passwordHash: text("password_hash").notNull(),
  disabled: boolean("disabled").notNull().default(false),
  sessionVersion: integer("session_version").notNull().default(1),
  locale: text("locale", { enum: ["de", "en"] }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;

export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_failures_key_at").on(t.key, t.at)],
);

/**
 * Where an account signed in successfully (an IPv4 address or an IPv6 /64): such an address keeps its own sign-in
 * budget.
 */
export const signInKnownAddresses = pgTable(
  "sign_in_known_addresses",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.address] }),
    index("sign_in_known_addresses_last_success_at").on(t.lastSuccessAt),
  ],
);
