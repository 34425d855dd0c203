import "server-only";
import { desc, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxRequests as r } from "@/lib/db/schema/sandbox";

const KEEP = 1000;

export type LoggedRequest = {
  method: string;
  path: string;
  status: number;
  auth: "basic" | "bearer" | "none";
  kd: string | null;
};

/** Appends one request (no headers, no bodies: nothing secret) and trims to the last KEEP now and then. */
export async function logRequest(db: Db, entry: LoggedRequest): Promise<void> {
  const [row] = await db.insert(r).values(entry).returning({ id: r.id });
  if (row && row.id % 100 === 0) {
    await db.delete(r).where(lt(r.id, sql`${row.id - KEEP}`));
  }
}

export async function recentRequests(db: Db) {
  const rows = await db.select().from(r).orderBy(desc(r.id)).limit(KEEP);
  return rows
    .reverse()
    .map((x) => ({ at: x.at.toISOString(), method: x.method, path: x.path, status: x.status, auth: x.auth, kd: x.kd }));
}
