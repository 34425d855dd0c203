import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** The on-site-roles service's tables (migration 0030_sandbox_osr.sql). */

/** The units the state lists (`units`); none listed: the units its documents name. */
export const sandboxOsrUnits = pgTable(
  "sandbox_osr_units",
  {
    customer: text("customer").notNull(),
    billingunit: text("billingunit").notNull(),
    unit: text("unit").notNull(),
  },
  (t) => [primaryKey({ columns: [t.customer, t.billingunit, t.unit] })],
);

/** Each unit's last accepted v2 data set, as the text that was sent. */
export const sandboxOsrReports = pgTable(
  "sandbox_osr_reports",
  {
    customer: text("customer").notNull(),
    billingunit: text("billingunit").notNull(),
    unit: text("unit").notNull(),
    clientId: text("client_id").notNull(),
    transactionid: text("transactionid").notNull().unique(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    sent: text("sent").notNull(),
  },
  (t) => [primaryKey({ columns: [t.customer, t.billingunit, t.unit] })],
);
