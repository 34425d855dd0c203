import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { consentUrl } from "@/lib/register/tenancies/consent-links";

/**
 * The print's opt-in links (docs/api.md, "Consent"): the first letter of a print to each resident without a consent
 * carries their opt-in link and its QR code ("Lieber per E-Mail?"). Which letters are printed is not changed here.
 * Without PUBLIC_URL (nor the sandbox's address) no letter carries one.
 */
export async function optInLinks<T extends { letter: { tenancyId: string } }>(
  db: Db,
  letters: T[],
): Promise<Map<T, string>> {
  const out = new Map<T, string>();
  const ids = [...new Set(letters.map((l) => l.letter.tenancyId))];
  if (ids.length === 0 || consentUrl("optIn", ids[0]!) === undefined) return out;
  const without = new Set(
    rowsOf<{ id: string }>(
      await db.execute(sql`SELECT id FROM tenancies
        WHERE id = ANY(${`{${ids.join(",")}}`}::uuid[]) AND consent_channel IS NULL AND erased_at IS NULL`),
    ).map((r) => r.id),
  );
  for (const l of letters) {
    const id = l.letter.tenancyId;
    if (!without.has(id)) continue;
    without.delete(id);
    out.set(l, consentUrl("optIn", id)!);
  }
  return out;
}
