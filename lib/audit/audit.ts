import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema/delivery";

/**
 * The audit trail (docs/architecture.md, "Audit trail"): one row per sync, fetch, confirmation
 * attempt and outcome, reconciliation, connection change, user change, export, outbox send and
 * resolution, and each change of the register and its tenancies, hand-off and report (the kinds
 * below). `detail` holds
 * ids, counts, states and provider statuses only: never a secret, never a provider's body.
 */

export type AuditKind =
  | "sync"
  | "fetch"
  | "confirm.attempt"
  | "confirm.outcome"
  | "reconcile"
  | "connection.create"
  | "connection.update"
  | "connection.delete"
  | "user.create"
  | "user.update"
  // Teams (lib/teams): made, renamed, their four eyes set, one merged into another (unit keys and counts only).
  | "team.create"
  | "team.update"
  | "team.merge"
  // Responsibility (lib/responsibility): who looks after a property and stands in; a member's absence (dates only).
  | "property.responsible"
  | "absence.set"
  | "absence.end"
  // Four eyes (lib/releases): a request that waits, its approval by a second member, its void with the changed part.
  | "release.request"
  | "release.approve"
  | "release.void"
  | "export"
  // The DTA outbox (lib/delivery/outbox): a send with its outcome, and an `unknown` one settled by a person.
  | "outbox_send"
  | "outbox_resolve"
  // The unit register (lib/register): an import's counts, one unit's edit (field names only), a resident's
  // data erased.
  | "units.import"
  | "unit.update"
  | "resident.erase"
  // A unit's legal hold (lib/register/hold.ts): set or replaced (the unit, its key and the reason), lifted.
  | "unit.hold"
  | "unit.hold_lifted"
  // The retention's sweep (lib/register/retention.ts): hand-off records past PROOF_RETENTION_YEARS deleted (counts).
  | "handoff.retention"
  // The register's own settings (lib/register/since.ts): which changed, and the day "Bestand seit".
  | "register.settings"
  // Tenancies (lib/register/tenancies): a move, a correction of dates, a document assigned or marked as needing no
  // hand-off. They name the unit and the tenancy, never the person.
  | "tenancy.move"
  | "tenancy.correct"
  | "handoff.assign"
  // The resident's own consent on the opt-in page (lib/handoffs/consent), and their objection: unit, tenancy and
  // channel, never the address.
  | "consent.given"
  | "consent.objected"
  // The hand-off to residents (lib/handoffs): each attempt's channel and outcome, never the resident's
  // address.
  | "handoff"
  // A reply to an e-mail hand-off read back (lib/handoffs/replies): the hand-off, unit, tenancy and kind, never its text.
  | "handoff.reply"
  // On-site-roles reports (lib/onsite-roles): each send's outcome, naming the unit and the connection.
  | "osr.report";

/** Who did it: a signed-in user, or the server itself (background sync, reconciliation at start). */
export type Actor = { id: string; email: string } | "system";

export type AuditEvent = {
  kind: AuditKind;
  /** `resident`: someone through a resident's portal link (no account, so no id and no name). */
  actor: Actor | "resident";
  connectionId?: string | null;
  documentid?: string | null;
  detail?: Record<string, unknown>;
};

/** Anything that runs queries: the database or a transaction on it. */
type Runner = Pick<Db, "insert">;

export const actorOf = (user: { id: string; email: string }): Actor => ({ id: user.id, email: user.email });
/** The actor for what a principal does (lib/auth/principal.ts). */
export const principalActor = (p: Principal): Actor => ({ id: p.userId, email: p.email });

function row(e: AuditEvent) {
  return {
    kind: e.kind,
    actorId: typeof e.actor === "string" ? null : e.actor.id,
    actor: typeof e.actor === "string" ? e.actor : e.actor.email,
    connectionId: e.connectionId ?? null,
    documentid: e.documentid ?? null,
    detail: e.detail ?? {},
  };
}

export async function recordEvents(db: Runner, events: AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(auditEvents).values(events.map(row));
}

export async function recordEvent(db: Runner, event: AuditEvent): Promise<void> {
  await recordEvents(db, [event]);
}

/**
 * An event as one row of `INSERT INTO audit_events (kind, actor_id, actor, connection_id,
 * documentid, detail)`, for statements that write an event together with what it records.
 * `extra` is SQL (jsonb) merged into the detail, for values only the statement knows.
 */
export function eventRow(e: AuditEvent, extra?: SQL): SQL {
  const r = row(e);
  const detail = sql`${JSON.stringify(r.detail)}::jsonb`;
  return sql`SELECT ${r.kind}, ${r.actorId}::uuid, ${r.actor}, ${r.connectionId}::uuid, ${r.documentid}, ${extra ? sql`${detail} || ${extra}` : detail}`;
}
