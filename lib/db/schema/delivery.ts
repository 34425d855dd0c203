import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea } from "./sandbox";
import { connections } from "./connections";
import { DOCUMENT_STATES, type DocumentState } from "../../document-states";

/** Tables of lib/delivery (migration 0004_delivery.sql). */

export { DOCUMENT_STATES, type DocumentState };
/** What a DTA provider says about a document's file, normalised (lib/provider/facts.ts), as the row stores it. */
export type FileFacts = {
  filesize: number | null;
  filesizecompressed: number | null;
  /** As the provider wrote it (bounded), and as an instant when it is a date we can read. */
  filedate: string | null;
  filedateParsed: string | null;
  doctypeversion: string | null;
  hashvalue: string | null;
};

export type HashAlgorithm = "md5" | "sha1" | "sha256";
/** A `hashvalue` that is a digest we can check: its algorithm and lower-case hex. */
export type ExpectedHash = { algorithm: HashAlgorithm; hex: string };
/** The archived bytes against the provider's digest (`actual` of the same algorithm). */
export type HashCheck = ExpectedHash & { actual: string };

export const CONFIRMATION_STATES = ["pending", "confirmed", "failed", "unknown"] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

const at = (name: string) => timestamp(name, { withTimezone: true });

export const deliveryDocuments = pgTable(
  "delivery_documents",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    documentid: text("documentid").notNull(),
    kd: text("kd").notNull().default(""),
    seq: bigserial("seq", { mode: "number" }),
    filename: text("filename").notNull(),
    doctype: text("doctype").notNull(),
    mimetype: text("mimetype").notNull(),
    propertymanagement: text("propertymanagement").notNull(),
    document: jsonb("document").notNull().$type<Record<string, unknown>>(),
    unitMsc: text("unit_msc"),
    unitPm: text("unit_pm"),
    unitLabel: text("unit_label"),
    periodFrom: date("period_from"),
    periodTo: date("period_to"),
    state: text("state", { enum: DOCUMENT_STATES }).notNull().default("open"),
    replacedBy: text("replaced_by"),
    firstSeenAt: at("first_seen_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    sha256: text("sha256"),
    bytes: bigint("bytes", { mode: "number" }),
    fetchedAt: at("fetched_at"),
    confirmedAt: at("confirmed_at"),
    confirmedBy: uuid("confirmed_by"),
    /** For `elsewhere`: the connection to the same provider account that confirmed it (migration 0011). */
    confirmedVia: uuid("confirmed_via"),
    /**
     * What GET /v1/documents/out/{id} said about the file when the list left it out, and when it was asked (migration
     * 0013).
     */
    facts: jsonb("facts").$type<FileFacts>(),
    factsAskedAt: at("facts_asked_at"),
    /** The archived bytes against the provider's hashvalue (migration 0013). */
    hashCheck: jsonb("hash_check").$type<HashCheck>(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.documentid] }),
    // Migration 0005 also INCLUDEs period_from and period_to (the inbox's month filter, index-only).
    index("delivery_documents_inbox").on(t.connectionId, t.state, t.unitMsc),
    index("delivery_documents_period").on(t.connectionId, t.periodFrom),
    index("delivery_documents_seen").on(t.connectionId, t.kd, t.lastSeenAt),
    index("delivery_documents_first_seen").on(t.firstSeenAt),
  ],
);
export type DeliveryDocumentRow = typeof deliveryDocuments.$inferSelect;

export const deliveryBlobs = pgTable("delivery_blobs", {
  id: uuid("id").primaryKey(),
  sha256: text("sha256").unique(),
  bytes: bigint("bytes", { mode: "number" }),
  storedAt: at("stored_at").notNull().defaultNow(),
});

export const deliveryBlobChunks = pgTable(
  "delivery_blob_chunks",
  {
    blobId: uuid("blob_id")
      .notNull()
      .references(() => deliveryBlobs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobId, t.seq] })],
);

export const deliveryConfirmations = pgTable(
  "delivery_confirmations",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    documentid: text("documentid").notNull(),
    kd: text("kd").notNull().default(""),
    state: text("state", { enum: CONFIRMATION_STATES }).notNull(),
    actorId: uuid("actor_id"),
    sha256: text("sha256"),
    attempts: integer("attempts").notNull().default(1),
    startedAt: at("started_at").notNull().defaultNow(),
    finishedAt: at("finished_at"),
    providerStatus: integer("provider_status"),
    message: text("message"),
    /** The process that claimed it (app_instances) and the end of its PUT's deadline. */
    instanceId: text("instance_id"),
    deadlineAt: at("deadline_at"),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.documentid] })],
);
export type ConfirmationRow = typeof deliveryConfirmations.$inferSelect;

export const deliverySync = pgTable("delivery_sync", {
  connectionId: uuid("connection_id")
    .primaryKey()
    .references(() => connections.id, { onDelete: "cascade" }),
  leaseOwner: text("lease_owner"),
  leaseUntil: at("lease_until"),
  lastAt: at("last_at"),
  lastOk: boolean("last_ok"),
  lastOpen: integer("last_open"),
  lastMessage: text("last_message"),
  lastGoodAt: at("last_good_at"),
  nextAt: at("next_at"),
});
export type SyncRow = typeof deliverySync.$inferSelect;

export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: at("at").notNull().defaultNow(),
    kind: text("kind").notNull(),
    actorId: uuid("actor_id"),
    actor: text("actor").notNull(),
    connectionId: uuid("connection_id"),
    documentid: text("documentid"),
    detail: jsonb("detail").notNull().$type<Record<string, unknown>>().default({}),
  },
  (t) => [index("audit_events_document").on(t.connectionId, t.documentid, t.id), index("audit_events_at").on(t.at)],
);

/** The running processes of the app and their heartbeats (migration 0008). */
export const appInstances = pgTable("app_instances", {
  id: text("id").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAt: at("started_at").notNull().defaultNow(),
  heartbeatAt: at("heartbeat_at").notNull().defaultNow(),
  endedAt: at("ended_at"),
});
