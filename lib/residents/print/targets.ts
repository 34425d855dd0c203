import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { linkState, needsFreshLink } from "@/lib/residents/portal/links";
import { isDocumentOfUnit } from "@/lib/residents/handoffs/unit-documents";
import type { Person } from "@/lib/residents/tenancies/person";
import { isForTenancy } from "@/lib/residents/tenancies/recipient";
import { today } from "@/lib/residents/tenancies/store";

/**
 * Who gets a letter in a property's print of one month (`POST /api/handoffs/print`): each tenancy
 * on the post channel, once per archived document of that month that the one rule gives it
 * (lib/residents/tenancies/recipient.ts) and that it has not already opened through a portal; and
 * each present resident on the portal channel without an e-mail address whose link has not reached them yet.
 * Names and addresses are read here for the letters and nowhere stored.
 */

export type Recipient = {
  unitId: string;
  unitKey: string;
  tenancyId: string;
  name: string;
  person: Person;
  /** The postal address's lines without the name: the resident's own, else the unit's address. */
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
  tenancy_id: string;
  resident_name: string;
  salutation: string | null;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
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

const UNIT_COLUMNS = sql`u.id AS unit_id, u.unit_key, t.id AS tenancy_id, t.resident_name, t.salutation, t.first_name, t.last_name, t.company,
  t.postal_address, u.address, u.label, u.property,
  COALESCE(u.mscnumber, u.pmnumber) AS number`;

function recipientOf(r: UnitRow): Recipient {
  const lines = (r.postal_address ?? r.address ?? "").split(/\s*[,\n]\s*/).filter(Boolean);
  return {
    unitId: r.unit_id,
    unitKey: r.unit_key,
    tenancyId: r.tenancy_id,
    name: r.resident_name,
    person: {
      name: r.resident_name,
      salutation: r.salutation,
      firstName: r.first_name,
      lastName: r.last_name,
      company: r.company,
    },
    address: lines,
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
      JOIN tenancies t ON t.unit_id = u.id AND t.channel = 'post' AND t.erased_at IS NULL
      JOIN connections c ON c.user_id = u.user_id AND c.deleted_at IS NULL
      JOIN delivery_documents d ON d.connection_id = c.id
      WHERE u.user_id = ${userId} AND u.property = ${q.property}
        AND d.sha256 IS NOT NULL AND d.period_from >= ${first}::date AND d.period_from < ${first}::date + interval '1 month'
        AND ${isDocumentOfUnit} AND ${isForTenancy}
        AND NOT EXISTS (SELECT 1 FROM handoffs h WHERE h.connection_id = d.connection_id AND h.documentid = d.documentid
          AND h.tenancy_id = t.id AND h.state = 'opened')
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
      JOIN tenancies t ON t.unit_id = u.id AND t.channel = 'portal' AND t.erased_at IS NULL AND t.resident_email IS NULL
        AND (t.move_in IS NULL OR t.move_in <= ${today()}::date) AND (t.move_out IS NULL OR t.move_out >= ${today()}::date)
      WHERE u.user_id = ${userId} AND u.property = ${property}
      ORDER BY u.label NULLS LAST, u.unit_key`),
  );
  const out: Recipient[] = [];
  for (const r of rows) {
    if (out.length >= limit) break;
    if (needsFreshLink(await linkState(db, { unitId: r.unit_id, tenancyId: r.tenancy_id })))
      out.push(recipientOf(r));
  }
  return out;
}
