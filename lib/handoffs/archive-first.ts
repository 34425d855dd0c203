import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { and, eq, isNull } from "drizzle-orm";
import { ensureArchived } from "@/lib/archive/ensure";
import { recordFetched } from "@/lib/archive/fetched";
import { isArchived } from "@/lib/archive/read";
import { providerFor } from "@/lib/connections/provider";
import type { Db } from "@/lib/db/client";
import { connections } from "@/lib/db/schema/connections";
import { kdOf } from "@/lib/provider/dta";
import { log } from "@/lib/log";
import type { MessageKey } from "@/lib/i18n/messages";
import { hashMatches } from "@/lib/provider/facts";
import type { HandoffSource } from "./targets";
import { usableBy } from "@/lib/connections/usable";

/**
 * A document a hand-off needs whose bytes are not in the archive is fetched and archived here, by the step a
 * confirmation takes before it confirms (lib/archive/ensure.ts, `ensureArchived`: the bytes checked
 * against the provider's hash), and the fetch is recorded as a view's is (lib/archive/fetched.ts, `via: handoff`).
 * Bytes that do not match the provider's hash, or other bytes than a confirmation archived, never go out.
 */
export async function archiveFirst(
  db: Db,
  p: Principal,
  source: HandoffSource,
): Promise<{ sha256: string } | { refused: MessageKey }> {
  if (source.sha256 && (await isArchived(db, source.sha256))) return { sha256: source.sha256 };
  const [connection] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.id, source.connectionId), usableBy(p, "connections"), isNull(connections.deletedAt)))
    .limit(1);
  if (!connection) return { refused: "handoff.skip.unknown" };
  const actor = { id: p.userId, email: p.email };
  const ctx = { db, connection, client: providerFor(connection), actor };
  try {
    const { file, check, fetched } = await ensureArchived(
      ctx,
      source.documentid,
      kdOf(connection, source.kd || undefined),
      {},
    );
    if (fetched) await recordFetched(db, { ...fetched, via: "handoff" });
    if (check && !hashMatches(check)) return { refused: "handoff.archive.mismatch" };
    // A confirmation's hash is kept on the record: only those bytes are proven, so only they go out.
    if (source.sha256 && source.sha256 !== file.sha256) return { refused: "handoff.archive.mismatch" };
    return { sha256: file.sha256 };
  } catch (err) {
    log().warn({ connectionId: connection.id, err: err instanceof Error ? err.name : err }, "hand-off: not archived");
    return { refused: "handoff.archive.failed" };
  }
}
