import "server-only";
import { sql } from "drizzle-orm";
import { eventRow } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { dbNow } from "@/lib/process/clock";
import { lockTeamRegister, serialisedTeam } from "@/lib/register/tenancies/lock";
import type { ConsentAccess } from "./access";

/**
 * The resident's objection (docs/api.md, "Consent"), one POST without a sign-in (the objection page's button, or a
 * mail client's RFC 8058 one-click): the letter is in force from the next document on (`channel = 'post'`), the
 * consent is cleared, `consent_objected_at` is now, a pending opt-in code is dropped, and `consent.objected` is
 * audited (ids and the channel left, never an address), in one statement. The address stays: it is contact data, not
 * a consent. The objection is honoured also where neither the resident nor the unit has a postal address: the
 * register then shows the missing address as for any post resident, and no e-mail goes out meanwhile.
 */
export async function objectConsent(db: Db, access: ConsentAccess): Promise<void> {
  const event = eventRow({
    kind: "consent.objected",
    actor: "resident",
    detail: { unit: access.unitId, tenancy: access.tenancyId, left: access.channel },
  });
  await serialisedTeam(access.teamId, () =>
    db.transaction(async (tx) => {
      await lockTeamRegister(tx, access.teamId);
      await tx.execute(sql`WITH c AS (DELETE FROM consent_codes WHERE tenancy_id = ${access.tenancyId}::uuid),
        t AS (UPDATE tenancies SET channel = 'post', consent_channel = NULL, consent_how = NULL,
            consent_reference = NULL, digital_consent_at = NULL, consent_objected_at = ${dbNow()}, updated_at = now()
          WHERE id = ${access.tenancyId}::uuid AND erased_at IS NULL RETURNING id)
        INSERT INTO audit_events (kind, actor_id, actor, connection_id, documentid, detail) ${event} FROM t`);
    }),
  );
}
