import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import type { Channel } from "@/lib/register/list";
import { consentOf, objectedAtOf, type Consent, type DigitalChannel } from "@/lib/register/tenancies/consent";
import { today } from "@/lib/today";
import { dbNow } from "@/lib/process/clock";
import { tenancyOfToken, type ConsentLinkKind } from "@/lib/register/tenancies/consent-links";

/**
 * What a consent link opens (docs/api.md, "Consent"): the tenancy it was made for, while it runs (not erased, not a
 * vacancy, not moved out before today), with its unit as the resident knows it and where its consent stands. Every
 * other token (malformed, forged, of an ended or erased tenancy) opens nothing, all alike: "Dieser Link gilt nicht
 * mehr". Nothing of a token reaches a log line.
 */

export type PendingCode = { channel: DigitalChannel; state: "open" | "expired" | "locked"; attemptsLeft: number };

export type ConsentAccess = {
  tenancyId: string;
  unitId: string;
  teamId: string;
  label: string | null;
  property: string | null;
  unitNumber: string | null;
  channel: Channel;
  consent: Consent | null;
  objectedAt: string | null;
  /** The opt-in page's code, if one was sent (consent_codes). */
  code: PendingCode | null;
};

/** Tries of one code before it is spent (docs/api.md, "Consent"). */
export const CODE_ATTEMPTS = 5;

type Row = {
  tenancy_id: string;
  unit_id: string;
  team_id: string;
  label: string | null;
  property: string | null;
  unit_number: string | null;
  channel: Channel | null;
  consent_channel: DigitalChannel | null;
  consent_how: "link" | "written" | null;
  consent_reference: string | null;
  digital_consent_at: string | Date | null;
  consent_objected_at: string | Date | null;
  code_channel: DigitalChannel | null;
  code_attempts: number | null;
  code_expired: boolean | null;
};

/** The tenancy of a running resident by its id, or null (also used once a code is confirmed). */
export async function openTenancy(db: Db, tenancyId: string): Promise<ConsentAccess | null> {
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      SELECT t.id AS tenancy_id, u.id AS unit_id, u.team_id, u.label, u.property,
        COALESCE(u.mscnumber, u.pmnumber) AS unit_number, t.channel, t.consent_channel, t.consent_how,
        t.consent_reference, t.digital_consent_at, t.consent_objected_at,
        c.channel AS code_channel, c.attempts AS code_attempts, c.expires_at <= ${dbNow()} AS code_expired
      FROM tenancies t JOIN units u ON u.id = t.unit_id LEFT JOIN consent_codes c ON c.tenancy_id = t.id
      WHERE t.id = ${tenancyId}::uuid AND t.erased_at IS NULL AND NOT t.vacancy AND t.resident_name IS NOT NULL
        AND (t.move_out IS NULL OR t.move_out >= ${today()}::date)`),
  );
  if (!row) return null;
  const attempts = row.code_attempts ?? 0;
  return {
    tenancyId: row.tenancy_id,
    unitId: row.unit_id,
    teamId: row.team_id,
    label: row.label,
    property: row.property,
    unitNumber: row.unit_number,
    channel: row.channel ?? "post",
    consent: consentOf({
      consentChannel: row.consent_channel,
      consentHow: row.consent_how,
      consentReference: row.consent_reference,
      digitalConsentAt: row.digital_consent_at,
    }),
    objectedAt: objectedAtOf(row.consent_objected_at),
    code: row.code_channel
      ? {
          channel: row.code_channel,
          state: attempts >= CODE_ATTEMPTS ? "locked" : row.code_expired ? "expired" : "open",
          attemptsLeft: Math.max(0, CODE_ATTEMPTS - attempts),
        }
      : null,
  };
}

/** What a link of `kind` opens, or null. */
export async function openConsent(db: Db, kind: ConsentLinkKind, token: string): Promise<ConsentAccess | null> {
  const tenancyId = tenancyOfToken(kind, token);
  return tenancyId === null ? null : openTenancy(db, tenancyId);
}
