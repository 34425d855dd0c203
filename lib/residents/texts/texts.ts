import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { DEFAULT_TEXT, fillText, type HandoffText, type PlaceholderValues } from "@/lib/residents/texts/template";

/**
 * The owner's hand-off texts (migration 0025): one per property of the register, '' standing for
 * all properties. The text a property's mail uses is its own, else the one for all properties,
 * else the built-in one (./text-template.ts); `source` says which, so the editor can tell.
 */

export type TextSource = "property" | "all" | "builtIn";
export type StoredText = HandoffText & { property: string | null; source: TextSource };

const ALL = "";

/** The text that applies to `property` (`null`: the text for all properties). */
export async function readText(db: Db, userId: string, property: string | null): Promise<StoredText> {
  const rows = rowsOf<{ property: string; subject: string; body: string }>(
    await db.execute(sql`SELECT property, subject, body FROM handoff_texts
      WHERE user_id = ${userId} AND property IN (${property ?? ALL}, ${ALL}) ORDER BY property DESC`),
  );
  const [row] = rows;
  if (!row) return { property, ...DEFAULT_TEXT, source: "builtIn" };
  return { property, subject: row.subject, body: row.body, source: row.property === ALL ? "all" : "property" };
}

export async function saveText(
  db: Db,
  userId: string,
  property: string | null,
  text: HandoffText,
): Promise<StoredText> {
  await db.execute(sql`INSERT INTO handoff_texts (user_id, property, subject, body) VALUES (${userId}, ${property ?? ALL}, ${text.subject}, ${text.body})
    ON CONFLICT (user_id, property) DO UPDATE SET subject = excluded.subject, body = excluded.body, updated_at = now()`);
  return { property, ...text, source: property === null ? "all" : "property" };
}

/** The mail for a document of `property`, its placeholders filled with `values`. */
export async function renderText(
  db: Db,
  userId: string,
  property: string | null,
  values: PlaceholderValues,
): Promise<HandoffText> {
  return fillText(await readText(db, userId, property), values);
}
