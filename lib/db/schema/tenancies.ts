import { boolean, date, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { CHANNELS } from "../../handoff-states";
import { connections } from "./connections";
import { units } from "./units";
import { users } from "./users";

/** A unit's history (migration 0028_tenancies.sql); the resident columns are personal data. */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const tenancies = pgTable(
  "tenancies",
  {
    id: uuid("id").primaryKey(),
    unitId: uuid("unit_id")
      .notNull()
      .references(() => units.id, { onDelete: "cascade" }),
    /** `YYYY-MM-DD`; null: since before any document. */
    moveIn: date("move_in"),
    /** The last day lived there (inclusive); null while the tenancy runs. */
    moveOut: date("move_out"),
    vacancy: boolean("vacancy").notNull().default(false),
    residentName: text("resident_name"),
    salutation: text("salutation"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    company: text("company"),
    residentEmail: text("resident_email"),
    channel: text("channel", { enum: CHANNELS }),
    postalAddress: text("postal_address"),
    /** The property software's contract number (migration 0039): an import's first match. */
    contract: text("contract"),
    /** When the resident agreed to the digital channel in force (migration 0049; lib/register/tenancies/consent.ts). */
    digitalConsentAt: at("digital_consent_at"),
    /** Read once by migration 0049, written no more. */
    digitalConsentHow: text("digital_consent_how"),
    consentChannel: text("consent_channel", { enum: ["email", "portal"] }),
    consentHow: text("consent_how", { enum: ["link", "written"] }),
    consentReference: text("consent_reference"),
    consentObjectedAt: at("consent_objected_at"),
    erasedAt: at("erased_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("tenancies_unit").on(t.unitId, t.moveIn)],
);
export type TenancyRow = typeof tenancies.$inferSelect;

export const handoffAssignments = pgTable(
  "handoff_assignments",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    documentid: text("documentid").notNull(),
    unitId: uuid("unit_id")
      .notNull()
      .references(() => units.id, { onDelete: "cascade" }),
    /** null: the manager decided the document needs no hand-off. */
    tenancyId: uuid("tenancy_id").references(() => tenancies.id, { onDelete: "cascade" }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: at("decided_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.documentid, t.unitId] })],
);
