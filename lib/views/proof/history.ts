import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import type { Channel } from "@/lib/register/list";
import type { HandoffMonthInput } from "@/lib/views/handoff-month/query";
import { isDocumentOfUnit } from "@/lib/handoffs/unit-documents";

/**
 * What happened to each document of a property's month, whoever the one rule gives it to today (the proof of a
 * month, issue #50): every delivery from the append-only record of outcomes (migration 0040), and what came after
 * the first one: a move recorded that meets the document's period, a manager's assignment. A move that made the
 * document "Mieterwechsel im Zeitraum" never takes the delivery before it out of the proof.
 */

export type Delivery = {
  tenancyId: string | null;
  /** The resident it went to (their data erased: null). */
  resident: string | null;
  channel: Channel;
  state: "sent" | "failed" | "unknown" | "printed" | "posted" | "opened" | "bounced";
  at: string;
  by: string | null;
  messageId: string | null;
  reason: string | null;
  /** The consent behind a digital delivery when it was made (migration 0053); null for a letter or before 0053. */
  consent: DeliveryConsent | null;
};
export type DeliveryConsent = { how: "link" | "written"; at: string; reference: string | null };
export type AfterEvent = { kind: "move" | "assigned" | "notNeeded"; at: string; by: string | null };
/** A release under four eyes (lib/releases) that named the document: its kind, when and by whom (issue #46). */
export type Released = { kind: "confirm" | "handoff" | "print"; at: string; by: string | null };
/** A reply read back to an e-mail of the document (issue #47, lib/handoffs/replies): its kind and when; never its text. */
export type Replied = { kind: "autoReply" | "reply"; at: string };
export type DocumentHistory = {
  deliveries: Delivery[];
  after: AfterEvent[];
  released: Released[];
  replies?: Replied[];
};

/** The key of a unit's document: unit, connection and document id. */
export const historyKey = (unitId: string, connectionId: string, documentid: string) =>
  `${unitId}\n${connectionId}\n${documentid}`;

const iso = (v: Date | string) => new Date(v).toISOString();

type OutcomeRow = {
  unit_id: string;
  connection_id: string;
  documentid: string;
  tenancy_id: string | null;
  resident_name: string | null;
  channel: Channel;
  state: Delivery["state"];
  at: Date | string;
  by: string | null;
  message_id: string | null;
  reason: string | null;
  consent: { how?: unknown; at?: unknown; reference?: unknown } | string | null;
};
type AfterRow = {
  unit_id: string;
  connection_id: string;
  documentid: string;
  kind: AfterEvent["kind"];
  at: Date | string;
  by: string | null;
};

/** The month's documents of the owner's units in the property (as the month view reads them: ../month/rows.ts). */
const monthDocuments = (p: Principal, input: HandoffMonthInput) => {
  const first = `${input.month}-01`;
  return sql`units u JOIN connections c ON c.team_id = u.team_id AND c.deleted_at IS NULL
    JOIN delivery_documents d ON d.connection_id = c.id AND ${isDocumentOfUnit}
      AND d.period_from >= ${first}::date AND d.period_from < (${first}::date + interval '1 month')
      AND u.team_id = ${p.teamId} AND u.property = ${input.property}`;
};

/** The stored consent of an outcome (a jsonb object; a driver may hand it over as text). */
function consentOf(v: OutcomeRow["consent"]): DeliveryConsent | null {
  const c = typeof v === "string" ? (JSON.parse(v) as OutcomeRow["consent"]) : v;
  if (!c || typeof c !== "object" || (c.how !== "link" && c.how !== "written") || typeof c.at !== "string") return null;
  return { how: c.how, at: c.at, reference: typeof c.reference === "string" ? c.reference : null };
}

export async function readDocumentHistories(
  db: Db,
  p: Principal,
  input: HandoffMonthInput,
): Promise<Map<string, DocumentHistory>> {
  const outcomes = rowsOf<OutcomeRow>(
    await db.execute(sql`
      SELECT u.id AS unit_id, o.connection_id, o.documentid, o.tenancy_id,
        CASE WHEN t.erased_at IS NULL AND NOT t.vacancy THEN t.resident_name END AS resident_name,
        o.channel, o.state, o.at, b.email AS by, o.message_id, o.reason, o.consent
      FROM ${monthDocuments(p, input)}
      JOIN handoff_outcomes o ON o.connection_id = d.connection_id AND o.documentid = d.documentid AND o.unit_id = u.id
      LEFT JOIN tenancies t ON t.id = o.tenancy_id
      LEFT JOIN users b ON b.id = o.by_user
      ORDER BY o.at, o.id`),
  );
  const out = new Map<string, DocumentHistory>();
  for (const r of outcomes) {
    const key = historyKey(r.unit_id, r.connection_id, r.documentid);
    const h = out.get(key) ?? { deliveries: [], after: [], released: [] };
    h.deliveries.push({
      tenancyId: r.tenancy_id,
      resident: r.resident_name,
      channel: r.channel,
      state: r.state,
      at: iso(r.at),
      // Opened by the resident through their link: nobody of the owner's did that.
      by: r.state === "opened" ? null : r.by,
      messageId: r.message_id,
      reason: r.reason,
      consent: consentOf(r.consent),
    });
    out.set(key, h);
  }
  if (out.size === 0) return out;
  // After the first outcome: a tenancy meeting the period recorded later (a move), a manager's decision.
  const after = rowsOf<AfterRow>(
    await db.execute(sql`
      WITH delivered AS (
        SELECT u.id AS unit_id, d.connection_id, d.documentid, d.period_from, d.period_to, min(o.at) AS at
        FROM ${monthDocuments(p, input)}
        JOIN handoff_outcomes o ON o.connection_id = d.connection_id AND o.documentid = d.documentid AND o.unit_id = u.id
        GROUP BY u.id, d.connection_id, d.documentid, d.period_from, d.period_to
      )
      SELECT f.unit_id, f.connection_id, f.documentid, 'move' AS kind, t.created_at AS at, NULL AS by
      FROM delivered f JOIN tenancies t ON t.unit_id = f.unit_id AND t.created_at > f.at
        AND (t.move_in IS NULL OR t.move_in <= COALESCE(f.period_to, f.period_from))
        AND (t.move_out IS NULL OR t.move_out >= f.period_from)
      UNION ALL
      SELECT f.unit_id, f.connection_id, f.documentid, CASE WHEN a.tenancy_id IS NULL THEN 'notNeeded' ELSE 'assigned' END,
        a.decided_at, b.email
      FROM delivered f JOIN handoff_assignments a ON a.connection_id = f.connection_id AND a.documentid = f.documentid
        AND a.unit_id = f.unit_id AND a.decided_at > f.at
      LEFT JOIN users b ON b.id = a.decided_by
      ORDER BY at`),
  );
  for (const r of after)
    out
      .get(historyKey(r.unit_id, r.connection_id, r.documentid))
      ?.after.push({ kind: r.kind, at: iso(r.at), by: r.by });
  for (const r of rowsOf<Omit<AfterRow, "kind" | "by"> & { kind: Replied["kind"] }>(
    await db.execute(sql`
      SELECT u.id AS unit_id, d.connection_id, d.documentid, r.kind, r.received_at AS at
      FROM ${monthDocuments(p, input)}
      JOIN handoffs h ON h.connection_id = d.connection_id AND h.documentid = d.documentid AND h.unit_id = u.id
      JOIN handoff_replies r ON r.handoff_id = h.id AND r.team_id = u.team_id
      ORDER BY r.received_at`),
  )) {
    const h = out.get(historyKey(r.unit_id, r.connection_id, r.documentid));
    if (h) (h.replies ??= []).push({ kind: r.kind, at: iso(r.at) });
  }
  for (const r of await readReleases(db, p, input))
    out
      .get(historyKey(r.unit_id, r.connection_id, r.documentid))
      ?.released.push({ kind: r.kind, at: iso(r.at), by: r.by });
  return out;
}

type ReleasedRow = Omit<AfterRow, "kind"> & { kind: Released["kind"] };

/**
 * The releases under four eyes that named a document of the month (migration 0045): a hand-off's or a
 * confirmation's by its body's documents, a print's by its property and month for a document it printed.
 */
async function readReleases(db: Db, p: Principal, input: HandoffMonthInput): Promise<ReleasedRow[]> {
  return rowsOf<ReleasedRow>(
    await db.execute(sql`
      SELECT u.id AS unit_id, d.connection_id, d.documentid, r.kind, r.released_at AS at, b.email AS by
      FROM ${monthDocuments(p, input)}
      JOIN releases r ON r.team_id = u.team_id AND r.state IN ('released', 'done') AND r.released_at IS NOT NULL
        AND ((r.kind = 'handoff' AND r.body->'documents' @> jsonb_build_array(
               jsonb_build_object('connectionId', d.connection_id::text, 'documentid', d.documentid)))
          OR (r.kind = 'confirm' AND r.connection_id = d.connection_id
               AND r.body->'documentids' @> jsonb_build_array(d.documentid))
          OR (r.kind = 'print' AND r.body->>'property' = u.property AND r.body->>'month' = ${input.month}
               AND EXISTS (SELECT 1 FROM handoff_outcomes o WHERE o.connection_id = d.connection_id
                 AND o.documentid = d.documentid AND o.unit_id = u.id AND o.state = 'printed')))
      LEFT JOIN users b ON b.id = r.released_by
      ORDER BY r.released_at`),
  );
}
