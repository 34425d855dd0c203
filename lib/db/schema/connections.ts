import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { teams } from "./teams";
import { users } from "./users";

export const SERVICES = ["uvi", "dta"] as const;
export const AUTH_TYPES = ["basic", "client_credentials"] as const;

/**
 * A user's connection to a provider's document service. `secret_sealed` holds the Basic password
 * or the OAuth client secret (by `auth_type`) in a lib/crypto envelope; nothing else is secret. The
 * user is its owner; `teamId` the team it serves (the owner's when made, kept when the owner leaves),
 * and `shared` whether the team's members may work through it (migration 0043).
 */
export const connections = pgTable(
  "connections",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    shared: boolean("shared").notNull().default(false),
    name: text("name").notNull(),
    service: text("service", { enum: SERVICES }).notNull(),
    baseUrl: text("base_url").notNull(),
    authUrl: text("auth_url"),
    authType: text("auth_type", { enum: AUTH_TYPES }).notNull(),
    principal: text("principal").notNull(),
    secretSealed: text("secret_sealed").notNull(),
    customerNumber: text("customer_number"),
    /** The provider's on-site-roles v2 base (`{v2_base}`); null: the connection reports no tenancies. */
    onSiteRolesUrl: text("on_site_roles_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the user deleted it: the row stays (secret wiped) for the delivery record. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("connections_user_id").on(t.userId)],
);

export type ConnectionRow = typeof connections.$inferSelect;
