import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import { principalActor } from "@/lib/audit/audit";
import { providerFor } from "@/lib/connections/provider";
import { usableBy } from "@/lib/connections/usable";
import type { Db } from "@/lib/db/client";
import { connections } from "@/lib/db/schema/connections";
import { deliveryDocuments } from "@/lib/db/schema/delivery";
import { confirmMany } from "@/lib/delivery/confirm/many";
import { confirmRunKind } from "@/lib/delivery/confirm/run-kind";
import { startRun } from "@/lib/runs/runs";

/**
 * "Bestätigen und weitergeben" as one request (`POST /api/handoffs` with `confirmFirst`, issue #46): the named
 * documents still open (or failed) are confirmed first, as a confirmation run per connection of the caller's, then
 * the hand-off takes what is confirmed. Under four eyes the whole request waits as one release of the hand-off, so
 * the month page's combined action is released (or voided) as one. A connection the caller no longer works through
 * confirms nothing here; the hand-off names its documents as it does for any.
 */
export async function confirmOpenFirst(
  db: Db,
  p: Principal,
  documents: { connectionId: string; documentid: string }[],
  scope: string | null,
): Promise<void> {
  const byConnection = new Map<string, string[]>();
  for (const d of documents)
    byConnection.set(d.connectionId, [...(byConnection.get(d.connectionId) ?? []), d.documentid]);
  for (const [connectionId, ids] of byConnection) {
    const [connection] = await db
      .select()
      .from(connections)
      .where(and(eq(connections.id, connectionId), usableBy(p, "connections"), isNull(connections.deletedAt)));
    if (!connection) continue;
    const open = await db
      .select({ id: deliveryDocuments.documentid })
      .from(deliveryDocuments)
      .where(
        and(
          eq(deliveryDocuments.connectionId, connectionId),
          inArray(deliveryDocuments.documentid, [...new Set(ids)]),
          inArray(deliveryDocuments.state, ["open", "failed"]),
        ),
      );
    if (open.length === 0) continue;
    const run = await startRun(db, confirmRunKind, p, { connectionId, total: open.length, scope });
    const ctx = { db, connection, client: providerFor(connection), actor: principalActor(p) };
    let totals: Awaited<ReturnType<typeof confirmMany>> | undefined;
    try {
      totals = await confirmMany(
        ctx,
        open.map((d) => d.id),
        undefined,
        (r) => run.record(r.state),
        () => run.cancelled,
      );
    } finally {
      await run.finish(totals);
    }
  }
}
