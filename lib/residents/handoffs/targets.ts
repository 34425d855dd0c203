import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { env } from "@/lib/env";
import type { Channel } from "@/lib/lists/units";

/**
 * What a hand-off needs to know of each asked document, in one statement: the document of one of
 * the user's connections, its archived bytes' hash, and the unit of the user's register it belongs
 * to (its `mscnumber`, else its `pmnumber`: docs/api.md, "The unit register") with that unit's present resident. The
 * resident's name and address are read here to address the mail and nowhere stored.
 */
export type HandoffSource = {
  connectionId: string;
  documentid: string;
  filename: string;
  sha256: string | null;
  periodFrom: string | null;
  unitMsc: string | null;
  unit: {
    id: string;
    key: string;
    label: string | null;
    property: string | null;
    /** As the database wrote it (text, to the microsecond): part of the hand-off's key, compared exactly. */
    residentSince: string | null;
    /**
     * The month (`YYYY-MM-01`, display time zone) a resident who replaced another, or came after the
     * unit was registered, moved in; `null` for the unit's first resident, there since before any document.
     */
    movedInMonth: string | null;
    resident: { name: string; email: string | null; channel: Channel } | null;
  } | null;
};

type Row = {
  connection_id: string;
  documentid: string;
  filename: string;
  sha256: string | null;
  period_from: string | Date | null;
  unit_msc: string | null;
  unit_id: string | null;
  unit_key: string | null;
  label: string | null;
  property: string | null;
  resident_since: string | null;
  moved_in_month: string | Date | null;
  resident_name: string | null;
  resident_email: string | null;
  channel: Channel | null;
};

const day = (v: string | Date | null) =>
  v === null ? null : typeof v === "string" ? v.slice(0, 10) : v.toISOString().slice(0, 10);

function toSource(r: Row): HandoffSource {
  return {
    connectionId: r.connection_id,
    documentid: r.documentid,
    filename: r.filename,
    sha256: r.sha256,
    periodFrom: day(r.period_from),
    unitMsc: r.unit_msc,
    unit: r.unit_id
      ? {
          id: r.unit_id,
          key: r.unit_key!,
          label: r.label,
          property: r.property,
          residentSince: r.resident_since,
          movedInMonth: day(r.moved_in_month),
          resident:
            r.resident_name && r.channel
              ? { name: r.resident_name, email: r.resident_email, channel: r.channel }
              : null,
        }
      : null,
  };
}

/**
 * The asked documents the user may hand off, by `connectionId\ndocumentid`; others are absent (unknown or not theirs).
 */
export async function readSources(
  db: Db,
  userId: string,
  documents: { connectionId: string; documentid: string }[],
): Promise<Map<string, HandoffSource>> {
  if (documents.length === 0) return new Map();
  const asked = JSON.stringify(documents.map((d) => ({ c: d.connectionId, d: d.documentid })));
  const rows = rowsOf<Row>(
    await db.execute(sql`
      SELECT d.connection_id, d.documentid, d.filename, d.sha256, d.period_from, d.unit_msc,
        u.id AS unit_id, u.unit_key, u.label, u.property, u.resident_since::text AS resident_since,
        CASE WHEN u.resident_since > u.created_at THEN date_trunc('month', u.resident_since AT TIME ZONE ${env().displayTimeZone})::date END AS moved_in_month,
        u.resident_name, u.resident_email, u.channel
      FROM jsonb_to_recordset(${asked}::jsonb) AS a(c text, d text)
      JOIN delivery_documents d ON d.connection_id = a.c::uuid AND d.documentid = a.d
      JOIN connections c ON c.id = d.connection_id AND c.user_id = ${userId} AND c.deleted_at IS NULL
      LEFT JOIN LATERAL (
        SELECT * FROM units u WHERE u.user_id = ${userId}
          AND (u.mscnumber = d.unit_msc OR (u.mscnumber IS NULL AND u.pmnumber = d.unit_pm))
        ORDER BY u.mscnumber IS NULL LIMIT 1
      ) u ON true`),
  );
  return new Map(rows.map((r) => [`${r.connection_id}\n${r.documentid}`, toSource(r)]));
}
