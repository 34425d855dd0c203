/** Rows of `db.execute` from either driver (node-postgres and PGlite both answer `{rows}`). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
