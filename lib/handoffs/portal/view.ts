import "server-only";
import { ownerPrincipal } from "@/lib/auth/system-principal";
import type { Role } from "@/lib/db/schema/users";
import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { openArchived } from "@/lib/archive/read";
import { appendOutcomes } from "@/lib/handoffs/record";
import { openLink, type PortalAccess } from "@/lib/handoffs/portal/links";
import { isDocumentOfUnit } from "@/lib/handoffs/unit-documents";
import { isForTenancy } from "@/lib/register/tenancies/recipient";
import { env } from "@/lib/env";
import { letterSender, type LetterSender } from "@/lib/handoffs/print/letters";
import { readSenderAddress } from "@/lib/handoffs/texts/texts";

/**
 * What a resident sees through their portal link (`GET /r/{token}`): every archived document of
 * their unit, of the register owner's connections, that the one rule gives to their tenancy
 * (lib/register/tenancies/recipient.ts), also after they moved out. Nothing of another unit or tenancy.
 */

export type PortalDocument = { id: string; month: string | null; filename: string; bytes: number | null };
/** Who hands the documents on and how a resident reaches them: the letters' sender (lib/handoffs/print/letters.ts). */
export type PortalView = { access: PortalAccess; documents: PortalDocument[]; sender: LetterSender };

/** Twenty years of monthly documents: a bound on what one page lists, whatever the index holds. */
const MAX_DOCUMENTS = 240;

type Row = {
  connection_id: string;
  documentid: string;
  filename: string;
  sha256: string;
  bytes: number | string | null;
  period_from: string | Date | null;
};

/** The id in a document's portal address: opaque, stable, and no connection or provider id shown. */
const portalId = (connectionId: string, documentid: string) =>
  createHash("sha256").update(`${connectionId}\n${documentid}`).digest("hex").slice(0, 32);

async function documentsOf(db: Db, access: PortalAccess): Promise<Row[]> {
  return rowsOf<Row>(
    await db.execute(sql`
      SELECT d.connection_id, d.documentid, d.filename, d.sha256, d.bytes, d.period_from
      FROM units u
      JOIN tenancies t ON t.id = ${access.tenancyId}::uuid AND t.unit_id = u.id
      JOIN connections c ON c.team_id = u.team_id AND c.deleted_at IS NULL
      JOIN delivery_documents d ON d.connection_id = c.id
      WHERE u.id = ${access.unitId}::uuid AND d.sha256 IS NOT NULL
        AND ${isDocumentOfUnit}
        AND ${isForTenancy}
      ORDER BY d.period_from DESC, d.documentid LIMIT ${MAX_DOCUMENTS}`),
  );
}

/**
 * The sender as the letters name them: MAIL_FROM's name, else the name of whoever issued the link, with the team's
 * stored postal address. The portal acts for the link's issuer in the unit's team (the token is the resident's access
 * check); a link whose issuer is gone names the team's address alone.
 */
async function senderOf(db: Db, access: PortalAccess): Promise<LetterSender> {
  const [issuer] = access.issuedBy
    ? rowsOf<{ name: string; email: string; role: Role }>(
        await db.execute(sql`SELECT name, email, role FROM users WHERE id = ${access.issuedBy}::uuid`),
      )
    : [];
  const shown = issuer ?? { name: "", email: "", role: "manager" as const };
  const scope = ownerPrincipal({ id: access.issuedBy ?? "", ...shown, teamId: access.teamId });
  return letterSender(env().mail?.from, shown, await readSenderAddress(db, scope));
}

const monthOf = (v: string | Date | null) =>
  v === null ? null : (typeof v === "string" ? v : v.toISOString()).slice(0, 7);

/** The resident's documents, or null for a token that opens nothing. */
export async function portalView(db: Db, token: string): Promise<PortalView | null> {
  const access = await openLink(db, token);
  if (!access) return null;
  const [rows, sender] = await Promise.all([documentsOf(db, access), senderOf(db, access)]);
  return {
    access,
    sender,
    documents: rows.map((r) => ({
      id: portalId(r.connection_id, r.documentid),
      month: monthOf(r.period_from),
      filename: r.filename,
      bytes: r.bytes === null ? null : Number(r.bytes),
    })),
  };
}

/**
 * The resident fetched a document: its hand-off row (for this resident) becomes `opened`, or is
 * made so when the document never went out by another channel; a send under way (`pending`) keeps
 * its claim. The audit event names no person: the resident has no account.
 */
async function recordOpened(db: Db, access: PortalAccess, row: Row): Promise<void> {
  // The row moves on to `opened`; what it was (sent, posted) stays in its history (record.ts, appendOutcomes).
  await db.execute(sql`WITH h AS (
    INSERT INTO handoffs (id, connection_id, documentid, unit_key, unit_id, tenancy_id, channel, state, sha256)
    VALUES (${randomUUID()}, ${row.connection_id}, ${row.documentid}, ${access.unitKey}, ${access.unitId}, ${access.tenancyId}::uuid, 'portal', 'opened', ${row.sha256})
    ON CONFLICT (connection_id, documentid, tenancy_id) DO UPDATE SET state = 'opened', at = now()
    WHERE handoffs.state <> 'pending' RETURNING *) ${appendOutcomes}`);
  await recordEvent(db, {
    kind: "handoff",
    actor: "resident",
    connectionId: row.connection_id,
    documentid: row.documentid,
    detail: { channel: "portal", state: "opened", sha256: row.sha256 },
  });
}

/** One of the resident's documents as archived, recorded as `opened`; null when the token or the id opens nothing. */
export async function openPortalDocument(
  db: Db,
  token: string,
  id: string,
): Promise<{ filename: string; bytes: number; stream: ReadableStream<Uint8Array> } | null> {
  const access = await openLink(db, token);
  if (!access) return null;
  const row = (await documentsOf(db, access)).find((r) => portalId(r.connection_id, r.documentid) === id);
  if (!row) return null;
  const file = await openArchived(db, row.sha256);
  if (!file) return null;
  await recordOpened(db, access, row);
  return { filename: row.filename, bytes: file.bytes, stream: file.stream };
}
