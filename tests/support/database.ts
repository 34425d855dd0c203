/** SQL on a test server's own database, for what no route shows (leases, audit rows, instances). */
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestServer } from "./server";
import { pgliteExtensions } from "@/lib/db/pglite";

/**
 * Runs one SQL statement on the server's database: PostgreSQL directly; the embedded one through
 * the running server's test channel, or opened here while the server is stopped (the embedded
 * database belongs to one process at a time).
 */
export async function sql<T>(server: TestServer, text: string, params: unknown[] = []): Promise<T[]> {
  if (server.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  if (server.running()) return server.query<T>(text, params);
  const db = await PGlite.create(path.join(server.dataDir, "pglite"), { extensions: await pgliteExtensions() });
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.close();
  }
}
