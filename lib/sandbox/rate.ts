import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxRateWindows as w } from "@/lib/db/schema/sandbox";
import type { Settings } from "./schema";

/**
 * Counts one request of a client in its fixed window (kept in the database, so the limit holds
 * across instances). Returns the seconds to wait when the limit is exceeded, else null.
 */
export async function hitRateLimit(db: Db, clientId: string, settings: Settings): Promise<number | null> {
  const limit = settings.rateLimit;
  if (!limit) return null;
  const windowMs = limit.windowSeconds * 1000;
  const now = Date.now();
  const start = Math.floor(now / windowMs) * windowMs;
  const [row] = await db
    .insert(w)
    .values({ clientId, windowStart: start, count: 1 })
    .onConflictDoUpdate({ target: [w.clientId, w.windowStart], set: { count: sql`${w.count} + 1` } })
    .returning({ count: w.count });
  if (row && row.count === 1) {
    await db.delete(w).where(and(eq(w.clientId, clientId), lt(w.windowStart, start)));
  }
  if (!row || row.count <= limit.requests) return null;
  return Math.max(1, Math.ceil((start + windowMs - now) / 1000));
}
