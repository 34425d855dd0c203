import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { connections } from "./connections";
import { teams } from "./teams";
import { users } from "./users";

/**
 * A release under four eyes (migration 0045_releases.sql, issue #46): a request that waits for a second member of
 * the team, with its body as asked and the fingerprint of what it would touch (lib/releases/fingerprint.ts).
 */
export const RELEASE_KINDS = ["confirm", "handoff", "print"] as const;
export const RELEASE_STATES = ["open", "released", "void", "done"] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];
export type ReleaseState = (typeof RELEASE_STATES)[number];

const at = (name: string) => timestamp(name, { withTimezone: true });

export const releases = pgTable(
  "releases",
  {
    id: uuid("id").primaryKey(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: RELEASE_KINDS }).notNull(),
    state: text("state", { enum: RELEASE_STATES }).notNull().default("open"),
    connectionId: uuid("connection_id").references(() => connections.id, { onDelete: "cascade" }),
    body: jsonb("body").notNull().$type<Record<string, unknown>>(),
    documents: integer("documents").notNull(),
    units: integer("units").notNull(),
    residents: integer("residents").notNull(),
    fingerprint: text("fingerprint").notNull(),
    fingerprintDocuments: text("fingerprint_documents").notNull(),
    fingerprintRecipients: text("fingerprint_recipients").notNull(),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedAt: at("requested_at").notNull().defaultNow(),
    releasedBy: uuid("released_by").references(() => users.id, { onDelete: "set null" }),
    releasedAt: at("released_at"),
    voidReason: text("void_reason"),
    runId: uuid("run_id"),
    doneAt: at("done_at"),
  },
  (t) => [index("releases_team").on(t.teamId, t.requestedAt)],
);

export type ReleaseRow = typeof releases.$inferSelect;
