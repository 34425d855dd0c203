import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { isBilling } from "@/lib/provider/billing";
import type { Channel } from "@/lib/register/list";
import type { Person } from "@/lib/register/tenancies/person";
import { recipientOf, type RecipientKind } from "@/lib/register/tenancies/recipient";
import { usableBy } from "@/lib/connections/usable";

/**
 * What a hand-off needs to know of each asked document, in one statement: the document of one of
 * the user's connections, its archived bytes' hash, the unit of the user's register it belongs to
 * (its `mscnumber`, else its `pmnumber`: docs/api.md, "The unit register") and who receives it by
 * the one rule (lib/register/tenancies/recipient.ts). The resident's name and address are read
 * here to address the mail and nowhere stored.
 */
export type HandoffSource = {
  connectionId: string;
  documentid: string;
  filename: string;
  kd: string;
  sha256: string | null;
  /** A file of the whole property: its unit is a `billingunit` reference (lib/provider/billing.ts), no resident's. */
  billing: boolean;
  periodFrom: string | null;
  unitMsc: string | null;
  unit: {
    id: string;
    key: string;
    label: string | null;
    property: string | null;
    /** Who receives the document by the rule, and the tenancy when someone does. */
    recipient: RecipientKind;
    tenancyId: string | null;
    resident: (Person & { email: string | null; channel: Channel }) | null;
  } | null;
};

type Row = {
  connection_id: string;
  documentid: string;
  filename: string;
  kd: string;
  sha256: string | null;
  billing: boolean;
  period_from: string | Date | null;
  unit_msc: string | null;
  unit_id: string | null;
  unit_key: string | null;
  label: string | null;
  property: string | null;
  kind: RecipientKind | null;
  tenancy_id: string | null;
  resident_name: string | null;
  salutation: string | null;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  resident_email: string | null;
  channel: Channel | null;
};

const day = (v: string | Date | null) =>
  v === null ? null : typeof v === "string" ? v.slice(0, 10) : v.toISOString().slice(0, 10);

const residentOf = (r: Row) =>
  r.resident_name && r.channel
    ? {
        name: r.resident_name,
        salutation: r.salutation,
        firstName: r.first_name,
        lastName: r.last_name,
        company: r.company,
        email: r.resident_email,
        channel: r.channel,
      }
    : null;

function toSource(r: Row): HandoffSource {
  return {
    connectionId: r.connection_id,
    documentid: r.documentid,
    filename: r.filename,
    kd: r.kd,
    sha256: r.sha256,
    billing: r.billing,
    periodFrom: day(r.period_from),
    unitMsc: r.unit_msc,
    unit: r.unit_id
      ? {
          id: r.unit_id,
          key: r.unit_key!,
          label: r.label,
          property: r.property,
          recipient: r.kind ?? "uncovered",
          tenancyId: r.tenancy_id,
          resident: residentOf(r),
        }
      : null,
  };
}

/**
 * The asked documents the user may hand off, by `connectionId\ndocumentid`; others are absent (unknown or not theirs).
 */
export async function readSources(
  db: Db,
  p: Principal,
  documents: { connectionId: string; documentid: string }[],
): Promise<Map<string, HandoffSource>> {
  if (documents.length === 0) return new Map();
  const asked = JSON.stringify(documents.map((d) => ({ c: d.connectionId, d: d.documentid })));
  const rows = rowsOf<Row>(
    await db.execute(sql`
      SELECT d.connection_id, d.documentid, d.filename, d.kd, d.sha256, ${isBilling(sql`d.document`, sql`d.unit_msc`)} AS billing, d.period_from, d.unit_msc,
        u.id AS unit_id, u.unit_key, u.label, u.property, r.kind, r.tenancy_id,
        t.resident_name, t.salutation, t.first_name, t.last_name, t.company, t.resident_email, t.channel
      FROM jsonb_to_recordset(${asked}::jsonb) AS a(c text, d text)
      JOIN delivery_documents d ON d.connection_id = a.c::uuid AND d.documentid = a.d
      JOIN connections c ON c.id = d.connection_id AND ${usableBy(p)} AND c.deleted_at IS NULL
      LEFT JOIN LATERAL (
        SELECT * FROM units u WHERE u.team_id = ${p.teamId}
          AND (u.mscnumber = d.unit_msc OR (u.mscnumber IS NULL AND u.pmnumber = d.unit_pm))
        ORDER BY u.mscnumber IS NULL LIMIT 1
      ) u ON true
      ${recipientOf}
      LEFT JOIN tenancies t ON t.id = r.tenancy_id AND t.erased_at IS NULL`),
  );
  return new Map(rows.map((r) => [`${r.connection_id}\n${r.documentid}`, toSource(r)]));
}
