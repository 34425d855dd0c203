import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { env } from "@/lib/env";

/**
 * The residents' portal links (migration 0024, docs/api.md, "The resident's portal and the
 * printed letters"). A token is 32 random bytes (base64url), handed out once in a mail or letter
 * and kept only as its SHA-256, so a lost link is replaced, never repeated. A link names the unit
 * and the tenancy it was issued for: it opens that tenancy's documents only, and ends
 * PORTAL_LINK_DAYS after the move-out at the latest, or when the resident's data is erased.
 */

/** A resident of the register: the unit and the tenancy. */
export type LinkResident = { unitId: string; tenancyId: string };

/**
 * Where a resident's link stands, by its newest row: `none` (never issued), `undelivered` (issued
 * but not yet sent: the next mail or letter replaces it), `delivered`, `expired`, or `revoked` by
 * the owner (no link goes out by itself until the owner issues one again).
 */
export type LinkState = "none" | "undelivered" | "delivered" | "expired" | "revoked";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const TOKEN_BYTES = 32;
/** A token's characters in a link (base64url of TOKEN_BYTES, unpadded). */
export const TOKEN_LENGTH = Math.ceil((TOKEN_BYTES * 4) / 3);
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether the next mail or letter to this resident carries a fresh link. */
export const needsFreshLink = (state: LinkState) => state === "none" || state === "undelivered" || state === "expired";

export async function linkState(db: Db, resident: LinkResident): Promise<LinkState> {
  // The live link, else the newest revoked one (a replaced link is revoked too, but a live one follows it).
  const [row] = rowsOf<{ revoked: boolean; delivered: string | null; expired: boolean }>(
    await db.execute(sql`
      SELECT revoked_at IS NOT NULL AS revoked, delivered, expires_at <= now() AS expired
      FROM portal_links l WHERE l.tenancy_id = ${resident.tenancyId}::uuid
      ORDER BY l.revoked_at IS NULL DESC, l.issued_at DESC LIMIT 1`),
  );
  if (!row) return "none";
  if (row.revoked) return "revoked";
  if (row.expired) return "expired";
  return row.delivered ? "delivered" : "undelivered";
}

/**
 * A fresh link for the resident, replacing (revoking) the live one in the same transaction: the
 * partial unique index keeps one live link per unit and resident. Returns the token, the only
 * time it exists outside the mail or letter that carries it.
 */
export async function issueLink(
  db: Db,
  resident: LinkResident,
  by: string | null,
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + env().portalLinkDays * 86_400_000);
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE portal_links SET revoked_at = now()
      WHERE tenancy_id = ${resident.tenancyId}::uuid AND revoked_at IS NULL`);
    await tx.execute(sql`INSERT INTO portal_links (id, unit_id, tenancy_id, token_sha256, expires_at, issued_by)
      VALUES (${id}, ${resident.unitId}, ${resident.tenancyId}::uuid, ${tokenHash(token)}, ${expiresAt.toISOString()}::timestamptz, ${by})`);
  });
  return { id, token, expiresAt };
}

/** The link reached its resident (by mail, or a letter was printed); a replaced link stays replaced. */
export async function markDelivered(db: Db, linkId: string, how: "email" | "letter"): Promise<void> {
  await db.execute(sql`UPDATE portal_links SET delivered = ${how} WHERE id = ${linkId}::uuid AND revoked_at IS NULL`);
}

/** The owner's revocation of a unit's live links (every resident's: only the present one can be live and valid). */
export async function revokeLinks(db: Db, unitId: string): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(
      sql`UPDATE portal_links SET revoked_at = now() WHERE unit_id = ${unitId}::uuid AND revoked_at IS NULL RETURNING id`,
    ),
  );
  return rows.length;
}

/**
 * What a valid token opens: the unit, the team whose register it is, the tenancy the link was issued for, and who
 * issued it (null once that user is gone).
 */
export type PortalAccess = {
  unitId: string;
  teamId: string;
  issuedBy: string | null;
  unitKey: string;
  tenancyId: string;
  label: string | null;
  property: string | null;
  unitNumber: string | null;
};

/**
 * The unit and tenancy of a token, or null for a token that is malformed, unknown, revoked,
 * replaced, expired, of an erased resident, or PORTAL_LINK_DAYS past the move-out: all answered alike.
 * Invariant: only the token's hash is looked up; nothing about a token reaches a log line.
 */
export async function openLink(db: Db, token: string): Promise<PortalAccess | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = rowsOf<{
    unit_id: string;
    team_id: string;
    issued_by: string | null;
    unit_key: string;
    tenancy_id: string;
    label: string | null;
    property: string | null;
    unit_number: string | null;
  }>(
    await db.execute(sql`
      SELECT u.id AS unit_id, u.team_id, l.issued_by, u.unit_key, t.id AS tenancy_id, u.label, u.property, COALESCE(u.mscnumber, u.pmnumber) AS unit_number
      FROM portal_links l JOIN tenancies t ON t.id = l.tenancy_id JOIN units u ON u.id = t.unit_id
      WHERE l.token_sha256 = ${tokenHash(token)} AND l.revoked_at IS NULL AND l.expires_at > now()
        AND t.erased_at IS NULL AND NOT t.vacancy
        AND (t.move_out IS NULL OR t.move_out + ${env().portalLinkDays}::integer >= CURRENT_DATE)`),
  );
  if (!row) return null;
  return {
    unitId: row.unit_id,
    teamId: row.team_id,
    issuedBy: row.issued_by,
    unitKey: row.unit_key,
    tenancyId: row.tenancy_id,
    label: row.label,
    property: row.property,
    unitNumber: row.unit_number,
  };
}
