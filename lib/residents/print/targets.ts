import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { linkState, needsFreshLink } from "@/lib/residents/portal/links";
import { isDocumentOfUnit, isOfPresentResident } from "@/lib/residents/handoffs/unit-documents";

/**
 * Who gets a letter in a property's print of one month (`POST /api/handoffs/print`): each resident
 * on the post channel, once per archived document of that month of their unit (of the owner's
 * connections) that they have not already opened through a portal; and each resident on the portal
 * channel without an e-mail address whose link has not reached them yet (portal-links.ts).
 * Names and addresses are read here for the letters and nowhere stored.
 */

export type Recipient = {
  unitId: string;
  unitKey: string;
  residentSince: string;
  name: string;
  /** The postal address's lines: the resident's own, else the unit's address. */
  address: string[];
  unit: { label: string | null; property: string | null; number: string | null };
};
export type PostLetter = Recipient & {
  connectionId: string;
  documentid: string;
  sha256: string;
  bytes: number;
  periodFrom: string;
};

type UnitRow = {
  unit_id: string;
  unit_key: string;
  resident_since: string;
  resident_name: string;
  postal_address: string | null;
  address: string | null;
  label: string | null;
  property: string | null;
  number: string | null;
};
type DocumentRow = UnitRow & {
  connection_id: string;
  documentid: string;
  sha256: string;
  bytes: number | string | null;
  period_from: string | Date;
};

const UNIT_COLUMNS = sql`u.id AS unit_id, u.unit_key, u.resident_since::text AS resident_since, u.resident_name, u.postal_address, u.address, u.label, u.property,
  COALESCE(u.mscnumber, u.pmnumber) AS number`;

function recipientOf(r: UnitRow): Recipient {
  const lines = (r.postal_address ?? r.address ?? "").split(/\s*[,\n]\s*/).filter(Boolean);
  return {
    unitId: r.unit_id,
    unitKey: r.unit_key,
    residentSince: r.resident_since,
    name: r.resident_name,
    address: [r.resident_name, ...lines],
    unit: { label: r.label, property: r.property, number: r.number },
  };
}

const day = (v: string | Date) => (typeof v === "string" ? v : v.toISOString()).slice(0, 10);

/** The post channel's letters, at most `limit` (the caller asks one more than it prints, to know it is over). */
export async function postLetters(
  db: Db,
  userId: string,
  q: { property: string; month: string },
  limit: number,
): Promise<PostLetter[]> {
  const first = `${q.month}-01`;
  const rows = rowsOf<DocumentRow>(
    await db.execute(sql`
      SELECT ${UNIT_COLUMNS}, d.connection_id, d.documentid, d.sha256, d.bytes, d.period_from
      FROM units u
      JOIN connections c ON c.user_id = u.user_id AND c.deleted_at IS NULL
      JOIN delivery_documents d ON d.connection_id = c.id
      WHERE u.user_id = ${userId} AND u.property = ${q.property} AND u.channel = 'post' AND u.resident_name IS NOT NULL AND u.resident_since IS NOT NULL
        AND d.sha256 IS NOT NULL AND d.period_from >= ${first}::date AND d.period_from < ${first}::date + interval '1 month'
        AND ${isDocumentOfUnit} AND ${isOfPresentResident()}
        AND NOT EXISTS (SELECT 1 FROM handoffs h WHERE h.connection_id = d.connection_id AND h.documentid = d.documentid
          AND h.unit_key = u.unit_key AND h.resident_since = u.resident_since AND h.state = 'opened')
      ORDER BY u.label NULLS LAST, u.unit_key, d.period_from, d.documentid LIMIT ${limit}`),
  );
  return rows.map((r) => ({
    ...recipientOf(r),
    connectionId: r.connection_id,
    documentid: r.documentid,
    sha256: r.sha256,
    bytes: Number(r.bytes ?? 0),
    periodFrom: day(r.period_from),
  }));
}

/**
 * The portal channel's residents without e-mail in the property whose next letter carries a fresh link, at most
 * `limit`.
 */
export async function linkLetters(db: Db, userId: string, property: string, limit: number): Promise<Recipient[]> {
  const rows = rowsOf<UnitRow>(
    await db.execute(sql`
      SELECT ${UNIT_COLUMNS} FROM units u
      WHERE u.user_id = ${userId} AND u.property = ${property} AND u.channel = 'portal' AND u.resident_name IS NOT NULL
        AND u.resident_since IS NOT NULL AND u.resident_email IS NULL
      ORDER BY u.label NULLS LAST, u.unit_key`),
  );
  const out: Recipient[] = [];
  for (const r of rows) {
    if (out.length >= limit) break;
    if (needsFreshLink(await linkState(db, { unitId: r.unit_id, residentSince: r.resident_since })))
      out.push(recipientOf(r));
  }
  return out;
}
