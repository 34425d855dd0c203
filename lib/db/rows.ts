/** Rows of `db.execute` from either driver (node-postgres and PGlite both answer `{rows}`). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** `text` taken literally in a LIKE pattern (`%`, `_` and `\` escaped; `\` is the default escape). */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** A LIKE pattern that finds `text` anywhere. */
export const containing = (text: string) => `%${likeEscape(text)}%`;
