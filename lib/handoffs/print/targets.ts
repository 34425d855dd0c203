import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { linkState, needsFreshLink } from "@/lib/handoffs/portal/links";
import { isDocumentOfUnit } from "@/lib/handoffs/unit-documents";
import type { Person } from "@/lib/register/tenancies/person";
import { isForTenancy } from "@/lib/register/tenancies/recipient";
import { today } from "@/lib/today";

/**
 * Who gets a letter in a property's print of one month (`POST /api/handoffs/print`): each tenancy
 * on the post channel, once per archived document of that month that the one rule gives it
 * (lib/register/tenancies/recipient.ts) and that has not already reached them (opened through a
 * portal, or its letter posted); each tenancy of another channel whose e-mail of such a document came
 * back undelivered, for that document, until its letter is posted; and each resident on the portal channel without an e-mail address
 * whose link has not reached them yet (the present one) or who has a document of the month not yet
 * on its way: the letter with their link hands those documents on once it is posted.
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
/** A document of the month that a letter hands on. */
export type LetterDocument = { connectionId: string; documentid: string; sha256: string };
/** A portal resident's link letter and the documents of the month it hands on (none: the link alone). */
export type LinkLetter = Recipient & { documents: LetterDocument[] };
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

/**
 * The property's archived documents of the month that the one rule gives to a tenancy `who` selects, except those a
 * hand-off of theirs that `held` selects already carries: the post letters' and the link letters' documents.
 */
function monthDocuments(p: Principal, q: { property: string; month: string }, who: SQL, held: SQL): SQL {
  const first = `${q.month}-01`;
  return sql`
    SELECT ${UNIT_COLUMNS}, d.connection_id, d.documentid, d.sha256, d.bytes, d.period_from
    FROM units u
    JOIN tenancies t ON t.unit_id = u.id AND t.erased_at IS NULL
    JOIN connections c ON c.team_id = u.team_id AND c.deleted_at IS NULL
    JOIN delivery_documents d ON d.connection_id = c.id
    WHERE u.team_id = ${p.teamId} AND u.property = ${q.property} AND ${who}
      AND d.sha256 IS NOT NULL AND d.period_from >= ${first}::date AND d.period_from < ${first}::date + interval '1 month'
      AND ${isDocumentOfUnit} AND ${isForTenancy}
      AND NOT EXISTS (SELECT 1 FROM handoffs h WHERE h.connection_id = d.connection_id AND h.documentid = d.documentid
        AND h.tenancy_id = t.id AND ${held})
    ORDER BY u.label NULLS LAST, u.unit_key, d.period_from, d.documentid`;
}

/**
 * A document whose e-mail to tenancy `t` came back undelivered (lib/handoffs/bounces): its hand-off is `bounced`, or its
 * letter was begun since (the record's row follows the letter: channel `post`, its bounce kept in handoff_outcomes).
 * A send again by e-mail after the bounce (`sent`) takes it out again.
 */
const bouncedMail = sql`EXISTS (SELECT 1 FROM handoffs b WHERE b.connection_id = d.connection_id AND b.documentid = d.documentid
    AND b.tenancy_id = t.id AND (b.state = 'bounced' OR (b.channel = 'post' AND EXISTS (SELECT 1 FROM handoff_outcomes o
      WHERE o.connection_id = b.connection_id AND o.documentid = b.documentid AND o.handoff_id = b.id AND o.state = 'bounced'))))`;

/**
 * The post channel's letters, and a letter for each document whose e-mail bounced (issue #47), at most `limit` (the
 * caller asks one more than it prints, to know it is over).
 */
export async function postLetters(
  db: Db,
  p: Principal,
  q: { property: string; month: string },
  limit: number,
): Promise<PostLetter[]> {
  const reached = sql`h.state IN ('opened', 'posted')`;
  const who = sql`(t.channel = 'post' OR ${bouncedMail})`;
  const rows = rowsOf<DocumentRow>(await db.execute(sql`${monthDocuments(p, q, who, reached)} LIMIT ${limit}`));
  return rows.map((r) => ({
    ...recipientOf(r),
    connectionId: r.connection_id,
    documentid: r.documentid,
    sha256: r.sha256,
    bytes: Number(r.bytes ?? 0),
    periodFrom: day(r.period_from),
  }));
}

/** The month's archived documents of the property's portal residents without e-mail that no letter carries yet. */
async function unsentPortalDocuments(
  db: Db,
  p: Principal,
  q: { property: string; month: string },
): Promise<(UnitRow & LetterDocument)[]> {
  const who = sql`t.channel = 'portal' AND t.resident_email IS NULL`;
  const rows = rowsOf<DocumentRow>(await db.execute(monthDocuments(p, q, who, sql`h.state <> 'failed'`)));
  return rows.map((r) => ({ ...r, connectionId: r.connection_id, documentid: r.documentid, sha256: r.sha256 }));
}

/**
 * The portal channel's residents without e-mail in the property who get a letter with a fresh link, at most `limit`:
 * the present ones whose link has not reached them, and those with a document of the month no letter carries yet
 * (its hand-off is made by the letter). A revoked link stays revoked: no letter then.
 */
export async function linkLetters(
  db: Db,
  p: Principal,
  q: { property: string; month: string },
  limit: number,
): Promise<LinkLetter[]> {
  const present = rowsOf<UnitRow>(
    await db.execute(sql`
      SELECT ${UNIT_COLUMNS} FROM units u
      JOIN tenancies t ON t.unit_id = u.id AND t.channel = 'portal' AND t.erased_at IS NULL AND t.resident_email IS NULL
        AND (t.move_in IS NULL OR t.move_in <= ${today()}::date) AND (t.move_out IS NULL OR t.move_out >= ${today()}::date)
      WHERE u.team_id = ${p.teamId} AND u.property = ${q.property}
      ORDER BY u.label NULLS LAST, u.unit_key`),
  );
  const documents = await unsentPortalDocuments(db, p, q);
  const byTenancy = new Map<string, { row: UnitRow; documents: LetterDocument[] }>();
  for (const r of present) byTenancy.set(r.tenancy_id, { row: r, documents: [] });
  for (const r of documents) {
    const entry = byTenancy.get(r.tenancy_id) ?? { row: r, documents: [] };
    entry.documents.push({ connectionId: r.connectionId, documentid: r.documentid, sha256: r.sha256 });
    byTenancy.set(r.tenancy_id, entry);
  }
  const out: LinkLetter[] = [];
  for (const { row, documents: covered } of byTenancy.values()) {
    if (out.length >= limit) break;
    const state = await linkState(db, { unitId: row.unit_id, tenancyId: row.tenancy_id });
    if (needsFreshLink(state) || (covered.length > 0 && state !== "revoked"))
      out.push({ ...recipientOf(row), documents: covered });
  }
  return out;
}
