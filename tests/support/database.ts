/** SQL on a test server's own database, for what no route shows (leases, audit rows, instances). */
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestServer } from "./server";
import { pgliteExtensions } from "@/lib/db/pglite";

/**
 * Runs one SQL statement on the server's database. The embedded one belongs to one process at a
 * time: the server is killed first (a no-op when it has ended already) and started again after.
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
  await server.crash();
  const db = await PGlite.create(path.join(server.dataDir, "pglite"), { extensions: await pgliteExtensions() });
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.close();
    await server.restart();
  }
}
