import "server-only";
import { sql } from "drizzle-orm";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { usableBy } from "./usable";

/**
 * Open documents now, per connection the user works through (./usable.ts): the kept counts `readInbox` (lib/views/inbox/inbox.ts) answers as
 * `connections[].open` (migration 0007), so that the connections page and the inbox say one number.
 */
export async function openCounts(db: Db, p: Principal): Promise<Map<string, number>> {
  const rows = rowsOf<{ id: string; n: number }>(
    await db.execute(sql`
      SELECT c.id, s.n FROM connections c JOIN delivery_state_counts s ON s.connection_id = c.id AND s.state = 'open'
      WHERE ${usableBy(p)} AND c.deleted_at IS NULL`),
  );
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
