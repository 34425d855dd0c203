import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenancies } from "./tenancies";
import { units } from "./units";
import { users } from "./users";

/** The residents' portal links of lib/handoffs (migration 0024_portal_links.sql): the token's hash only. */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const PORTAL_DELIVERIES = ["email", "letter"] as const;

export const portalLinks = pgTable(
  "portal_links",
  {
    id: uuid("id").primaryKey(),
    unitId: uuid("unit_id")
      .notNull()
      .references(() => units.id, { onDelete: "cascade" }),
    tenancyId: uuid("tenancy_id")
      .notNull()
      .references(() => tenancies.id, { onDelete: "cascade" }),
    tokenSha256: text("token_sha256").notNull(),
    issuedAt: at("issued_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
    delivered: text("delivered", { enum: PORTAL_DELIVERIES }),
    issuedBy: uuid("issued_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("portal_links_token").on(t.tokenSha256),
    uniqueIndex("portal_links_live")
      .on(t.tenancyId)
      .where(sql`revoked_at IS NULL`),
  ],
);
export type PortalLinkRow = typeof portalLinks.$inferSelect;
