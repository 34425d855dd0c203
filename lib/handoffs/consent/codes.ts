import "server-only";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { eventRow } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { env } from "@/lib/env";
import { sendMail } from "@/lib/handoffs/mail/send";
import { dbNow } from "@/lib/process/clock";
import { EMAIL, hasControl } from "@/lib/register/tenancies/rules";
import type { DigitalChannel } from "@/lib/register/tenancies/consent";
import { lockTeamRegister, serialisedTeam } from "@/lib/register/tenancies/lock";
import { CODE_ATTEMPTS, type ConsentAccess } from "./access";
import { codeMail } from "./texts";

/**
 * The opt-in page's confirmation of an address (docs/api.md, "Consent"): a 6-digit code sent to it through the app's
 * own mail transport, kept as an HMAC in consent_codes (one per tenancy: a new code replaces the old) for
 * CONSENT_CODE_MINUTES, spent after CODE_ATTEMPTS wrong tries. Confirmed, the tenancy's address, channel and consent
 * (`link`, now) are set in one statement with the audit event `consent.given` (ids and channel, never the address).
 */

/** A new code for the same tenancy at most this often, unless the last one is spent. */
const RESEND_SECONDS = 60;
/** A code's row is kept a day past its end at most (the address it holds is personal data). */
const STALE = sql`interval '1 day'`;

const codeKey = () => createHmac("sha256", env().authSecret).update("arge-inbox consent codes v1").digest();
const codeHash = (tenancyId: string, code: string) =>
  createHmac("sha256", codeKey()).update(`${tenancyId}\n${code}`).digest("hex");

export type CodeRequest = { channel: DigitalChannel; email: string; lang: "de" | "en" };
export type CodeRequested = "sent" | "badEmail" | "wait" | "mailOff" | "notSent";

/** Whether `email` is an address a code can go to: the register's rule, one line, at most 254 characters. */
export const isSendableEmail = (email: string) => email.length <= 254 && !hasControl(email) && EMAIL.test(email);

/** Sends a fresh code to the address the resident typed; the old code stops working. */
export async function requestCode(db: Db, access: ConsentAccess, req: CodeRequest): Promise<CodeRequested> {
  const email = req.email.trim();
  if (!isSendableEmail(email)) return "badEmail";
  if (!env().mail) return "mailOff";
  await db.execute(sql`DELETE FROM consent_codes WHERE expires_at < ${dbNow()} - ${STALE}`);
  const [recent] = rowsOf<{ recent: boolean }>(
    await db.execute(sql`SELECT created_at > ${dbNow()} - make_interval(secs => ${RESEND_SECONDS}) AS recent
      FROM consent_codes WHERE tenancy_id = ${access.tenancyId}::uuid AND attempts < ${CODE_ATTEMPTS}`),
  );
  if (recent?.recent) return "wait";
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const minutes = env().consentCodeMinutes;
  await db.execute(sql`
    INSERT INTO consent_codes (tenancy_id, channel, email, code_hash, attempts, expires_at, created_at)
    VALUES (${access.tenancyId}::uuid, ${req.channel}, ${email}, ${codeHash(access.tenancyId, code)}, 0,
      ${dbNow()} + make_interval(mins => ${minutes}), ${dbNow()})
    ON CONFLICT (tenancy_id) DO UPDATE SET channel = EXCLUDED.channel, email = EXCLUDED.email,
      code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at`);
  const result = await sendMail({ to: email, ...codeMail(access, code, minutes, req.lang) });
  if (result.state === "sent") return "sent";
  await db.execute(sql`DELETE FROM consent_codes WHERE tenancy_id = ${access.tenancyId}::uuid`);
  return "notSent";
}

export type CodeConfirmed =
  | { state: "given"; channel: DigitalChannel }
  | { state: "wrong"; attemptsLeft: number }
  | { state: "locked" | "expired" | "none" | "malformed" };

/** One try of a code: right, the consent is recorded; wrong, one attempt fewer. */
export async function confirmCode(db: Db, access: ConsentAccess, input: string): Promise<CodeConfirmed> {
  const code = input.replace(/\s/g, "");
  if (!/^\d{6}$/.test(code)) return { state: "malformed" };
  const [row] = rowsOf<{ code_hash: string; attempts: number }>(
    await db.execute(sql`UPDATE consent_codes SET attempts = attempts + 1
      WHERE tenancy_id = ${access.tenancyId}::uuid AND expires_at > ${dbNow()} AND attempts < ${CODE_ATTEMPTS}
      RETURNING code_hash, attempts`),
  );
  if (!row) return { state: access.code === null ? "none" : access.code.state === "locked" ? "locked" : "expired" };
  const given = Buffer.from(codeHash(access.tenancyId, code), "hex");
  if (!timingSafeEqual(given, Buffer.from(row.code_hash, "hex"))) {
    const left = CODE_ATTEMPTS - Number(row.attempts);
    return left > 0 ? { state: "wrong", attemptsLeft: left } : { state: "locked" };
  }
  const channel = await recordGiven(db, access);
  return channel ? { state: "given", channel } : { state: "expired" };
}

/** The code's address and channel become the tenancy's, with the consent and its audit event, in one statement. */
async function recordGiven(db: Db, access: ConsentAccess): Promise<DigitalChannel | null> {
  const event = eventRow(
    {
      kind: "consent.given",
      actor: "resident",
      detail: { unit: access.unitId, tenancy: access.tenancyId, how: "link" },
    },
    sql`jsonb_build_object('channel', t.channel)`,
  );
  return serialisedTeam(access.teamId, () =>
    db.transaction(async (tx) => {
      await lockTeamRegister(tx, access.teamId);
      const rows = rowsOf<{ channel: DigitalChannel }>(
        await tx.execute(sql`WITH c AS (DELETE FROM consent_codes WHERE tenancy_id = ${access.tenancyId}::uuid
            RETURNING tenancy_id, channel, email),
          t AS (UPDATE tenancies SET resident_email = c.email, channel = c.channel, consent_channel = c.channel,
              consent_how = 'link', consent_reference = NULL, digital_consent_at = ${dbNow()}, updated_at = now()
            FROM c WHERE tenancies.id = c.tenancy_id AND tenancies.erased_at IS NULL RETURNING tenancies.channel),
          a AS (INSERT INTO audit_events (kind, actor_id, actor, connection_id, documentid, detail) ${event} FROM t)
          SELECT channel FROM t`),
      );
      return rows[0]?.channel ?? null;
    }),
  );
}
