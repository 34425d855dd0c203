import "server-only";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { enqueueConnection } from "./enqueue";
import { requeueAfterFix } from "./requeue";
import { wakeReports } from "./wake";

/**
 * A connection whose on-site-roles address was just set or changed reports every unit of its
 * documents once, whatever was sent before: the provider behind the new address knows nothing yet.
 * New credentials (`credentials`) queue again what failed for authentication or got no answer
 * (./requeue.ts). A cleared address ends its reports (the sender drops what is left of them).
 */
export async function reportAfterSave(
  db: Db,
  p: Principal,
  connection: { id: string; onSiteRolesUrl: string | null },
  before: string | null,
  { credentials = false } = {},
): Promise<void> {
  if (!connection.onSiteRolesUrl) return;
  let queued = 0;
  if (connection.onSiteRolesUrl !== before) queued += await enqueueConnection(db, p, connection.id);
  if (credentials || connection.onSiteRolesUrl !== before) queued += await requeueAfterFix(db, connection.id);
  if (queued > 0) wakeReports();
}
