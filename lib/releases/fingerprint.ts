import "server-only";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { usableBy } from "@/lib/connections/usable";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { MAX_LETTERS } from "@/lib/handoffs/print/print";
import { linkLetters, postLetters } from "@/lib/handoffs/print/targets";
import { readSources } from "@/lib/handoffs/targets";
import type { ReleaseRequest } from "./schemas";

/**
 * What a release names (issue #46, docs/api.md "Four eyes"): a SHA-256 over a canonical JSON of what the work would
 * touch, read as the requester would read it. Two parts, so that a void says which changed: the documents (each with
 * what makes it this version: its file, its period and unit, its successor; a confirmation's also its state; a
 * print's its archived bytes' hash) and the recipients (each document's resident as the one rule picks them, and
 * every tenancy of the units concerned with the resident's name, e-mail, channel, consent and address, and the
 * unit's address). A move, a corrected address or a new version of a document changes it; a document merely
 * viewed (its bytes archived) does not: a version of a provider's document is a new id that replaces the old one.
 */

export type Counts = { documents: number; units: number; residents: number };
export type Fingerprint = { fingerprint: string; documents: string; recipients: string; counts: Counts };

/** JSON with every object's keys sorted, so that equal content gives equal text. */
export function canonical(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function sealed(documents: unknown[], recipients: unknown[], counts: Counts): Fingerprint {
  const parts = { documents: sha256(canonical(documents)), recipients: sha256(canonical(recipients)) };
  return { fingerprint: sha256(canonical(parts)), ...parts, counts };
}

type Pair = { connectionId: string; documentid: string };
const keyOf = (d: Pair) => `${d.connectionId}\n${d.documentid}`;
const distinctPairs = (documents: Pair[]) =>
  [
    ...new Map(documents.map((d) => [keyOf(d), { connectionId: d.connectionId, documentid: d.documentid }])).values(),
  ].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));

/** The documents' version as the caller's connections hold them; a document not (or no longer) there is `missing`. */
async function documentVersions(db: Db, p: Principal, pairs: Pair[], withState: boolean) {
  const asked = JSON.stringify(pairs.map((d) => ({ c: d.connectionId, d: d.documentid })));
  const rows = rowsOf<Record<string, unknown> & { connection_id: string; documentid: string }>(
    await db.execute(sql`
      SELECT d.connection_id, d.documentid, d.filename, d.replaced_by, d.unit_msc, d.unit_pm,
        d.period_from::text AS period_from, d.period_to::text AS period_to ${withState ? sql`, d.state` : sql``}
      FROM jsonb_to_recordset(${asked}::jsonb) AS a(c text, d text)
      JOIN delivery_documents d ON d.connection_id = a.c::uuid AND d.documentid = a.d
      JOIN connections c ON c.id = d.connection_id AND ${usableBy(p)} AND c.deleted_at IS NULL`),
  );
  const found = new Map(rows.map((r) => [`${r.connection_id}\n${r.documentid}`, r]));
  return pairs.map((d) => found.get(keyOf(d)) ?? { ...d, missing: true });
}

/** Every tenancy of the units (and the units' addresses): what a move or a corrected address changes. */
async function tenanciesOf(db: Db, p: Principal, unitIds: string[]) {
  if (unitIds.length === 0) return [];
  return rowsOf(
    await db.execute(sql`
      SELECT u.id AS unit_id, u.address AS unit_address, t.id AS tenancy_id, t.move_in::text AS move_in,
        t.move_out::text AS move_out, t.vacancy, t.resident_name, t.salutation, t.first_name, t.last_name, t.company,
        t.resident_email, t.channel, t.postal_address, t.digital_consent_at IS NOT NULL AS consent,
        t.erased_at IS NOT NULL AS erased
      FROM units u LEFT JOIN tenancies t ON t.unit_id = u.id
      WHERE u.team_id = ${p.teamId}::uuid AND u.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(unitIds)}::jsonb)::uuid)
      ORDER BY u.id, t.id`),
  );
}

const sortedUnique = (values: (string | null | undefined)[]) =>
  [...new Set(values.filter((v): v is string => typeof v === "string"))].sort();

async function confirmFingerprint(db: Db, p: Principal, connectionId: string, ids: string[]) {
  const pairs = distinctPairs(ids.map((documentid) => ({ connectionId, documentid })));
  const documents = await documentVersions(db, p, pairs, true);
  const units = sortedUnique(documents.map((d) => (d as { unit_msc?: string | null }).unit_msc));
  return sealed(documents, [], { documents: pairs.length, units: units.length, residents: 0 });
}

async function handoffFingerprint(db: Db, p: Principal, asked: Pair[]) {
  const pairs = distinctPairs(asked);
  const [documents, sources] = await Promise.all([documentVersions(db, p, pairs, false), readSources(db, p, pairs)]);
  const picked = pairs.map((d) => {
    const unit = sources.get(keyOf(d))?.unit;
    return {
      ...d,
      unit: unit
        ? { id: unit.id, recipient: unit.recipient, tenancyId: unit.tenancyId, resident: unit.resident }
        : null,
    };
  });
  const unitIds = sortedUnique(picked.map((d) => d.unit?.id));
  const residents = sortedUnique(picked.map((d) => (d.unit?.resident ? d.unit.tenancyId : null)));
  const recipients = [...picked, ...(await tenanciesOf(db, p, unitIds))];
  return sealed(documents, recipients, { documents: pairs.length, units: unitIds.length, residents: residents.length });
}

async function printFingerprint(db: Db, p: Principal, q: { property: string; month: string }) {
  const posts = await postLetters(db, p, q, MAX_LETTERS + 1);
  const links = await linkLetters(db, p, q, MAX_LETTERS + 1 - posts.length);
  const documents = [
    ...posts.map(({ connectionId, documentid, sha256, tenancyId }) => ({
      connectionId,
      documentid,
      sha256,
      tenancyId,
    })),
    ...links.flatMap((l) => l.documents.map((d) => ({ ...d, tenancyId: l.tenancyId }))),
  ].sort((a, b) => (canonical(a) < canonical(b) ? -1 : 1));
  const letters = [...posts, ...links]
    .map(({ unitId, tenancyId, name, person, address }) => ({ unitId, tenancyId, name, person, address }))
    .sort((a, b) => (canonical(a) < canonical(b) ? -1 : 1));
  const unitIds = sortedUnique(letters.map((l) => l.unitId));
  const residents = sortedUnique(letters.map((l) => l.tenancyId));
  const recipients = [...letters, ...(await tenanciesOf(db, p, unitIds))];
  return sealed(documents, recipients, {
    documents: documents.length,
    units: unitIds.length,
    residents: residents.length,
  });
}

/** The fingerprint of a request as `p` (the requester) would do it now. */
export async function fingerprintOf(db: Db, p: Principal, request: ReleaseRequest): Promise<Fingerprint> {
  if (request.kind === "confirm") return confirmFingerprint(db, p, request.connectionId, request.body.documentids);
  if (request.kind === "handoff") return handoffFingerprint(db, p, request.body.documents);
  return printFingerprint(db, p, request.body);
}

/** Which parts differ between a stored and a fresh fingerprint, documents first. */
export function changedParts(
  stored: { documents: string; recipients: string },
  fresh: Fingerprint,
): ("documents" | "recipients")[] {
  return [
    ...(stored.documents !== fresh.documents ? (["documents"] as const) : []),
    ...(stored.recipients !== fresh.recipients ? (["recipients"] as const) : []),
  ];
}
