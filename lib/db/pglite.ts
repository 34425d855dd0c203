import type { Extensions } from "@electric-sql/pglite";

/**
 * The extensions the embedded database's schema uses: pg_trgm for the file name index of
 * support's search (migration 0014). Its functions run on every write of a document, so every
 * process that opens the embedded database (the server, the backup tool, tests) gives them to
 * `PGlite.create`; without them a write fails with `could not access file "pg_trgm"`. The server's
 * database thread loads the same list in its own source (pglite-thread.mjs, plain JavaScript, cannot import this file).
 */
export async function pgliteExtensions(): Promise<Extensions> {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { pg_trgm };
}
