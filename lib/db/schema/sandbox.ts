import {
  bigint,
  bigserial,
  boolean,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** bytea as a Node Buffer (both drivers hand back a Uint8Array or Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

export const sandboxMeta = pgTable("sandbox_meta", {
  id: integer("id").primaryKey(),
  settings: jsonb("settings").notNull(),
  privateJwk: jsonb("private_jwk").notNull(),
  kid: text("kid").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxClients = pgTable("sandbox_clients", {
  id: text("id").primaryKey(),
  position: integer("position").notNull(),
  services: text("services").array().notNull(),
  basicUsername: text("basic_username"),
  basicPassword: text("basic_password"),
  oauthClientId: text("oauth_client_id"),
  oauthClientSecret: text("oauth_client_secret"),
  customers: text("customers").array().notNull(),
});

export const sandboxDocuments = pgTable(
  "sandbox_documents",
  {
    service: text("service", { enum: ["uvi", "dta"] }).notNull(),
    documentid: text("documentid").notNull(),
    position: integer("position").notNull(),
    customer: text("customer").notNull(),
    rank: integer("rank").notNull(),
    filename: text("filename").notNull(),
    doctype: text("doctype").notNull(),
    doctypeversion: text("doctypeversion"),
    mimetype: text("mimetype").notNull(),
    propertymanagement: text("propertymanagement"),
    metadata: jsonb("metadata").notNull(),
    /** The DTA file facts the state set (migration 0013), answered as given. */
    facts: jsonb("facts"),
    content: bytea("content"),
    generate: text("generate"),
    confirmed: boolean("confirmed").notNull().default(false),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    withdrawn: boolean("withdrawn").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.service, t.documentid] })],
);

export const sandboxBlocks = pgTable(
  "sandbox_blocks",
  {
    service: text("service", { enum: ["uvi", "dta"] }).notNull(),
    customer: text("customer").notNull(),
    block: integer("block").notNull(),
    openCount: integer("open_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.service, t.customer, t.block] })],
);

export const sandboxReceived = pgTable("sandbox_received", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  documentid: text("documentid").notNull().unique(),
  clientId: text("client_id").notNull(),
  customer: text("customer").notNull(),
  filename: text("filename").notNull(),
  doctype: text("doctype"),
  doctypeversion: text("doctypeversion"),
  metadata: jsonb("metadata"),
  content: bytea("content").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxFaults = pgTable("sandbox_faults", {
  position: integer("position").primaryKey(),
  rule: jsonb("rule").notNull(),
  remaining: integer("remaining"),
});

export const sandboxRateWindows = pgTable(
  "sandbox_rate_windows",
  {
    clientId: text("client_id").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.windowStart] })],
);

export const sandboxRequests = pgTable("sandbox_requests", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  method: text("method").notNull(),
  path: text("path").notNull(),
  status: integer("status").notNull(),
  auth: text("auth").notNull(),
  kd: text("kd"),
});
