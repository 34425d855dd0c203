import "server-only";
import type { Db } from "@/lib/db/client";
import { enqueueConnection } from "./enqueue";
import { wakeReports } from "./wake";

/**
 * A connection whose on-site-roles address was just set or changed reports every unit of its
 * documents once, whatever was sent before: the provider behind the new address knows nothing yet.
 * A cleared address ends its reports (the sender drops what is left of them).
 */
export async function reportAfterSave(
  db: Db,
  connection: { id: string; userId: string; onSiteRolesUrl: string | null },
  before: string | null,
): Promise<void> {
  if (!connection.onSiteRolesUrl || connection.onSiteRolesUrl === before) return;
  if ((await enqueueConnection(db, connection.userId, connection.id)) > 0) wakeReports();
}
