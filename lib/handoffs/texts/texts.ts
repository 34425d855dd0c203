import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { AppError } from "@/lib/errors";
import { DEFAULT_TEXT, fillText, type HandoffText, type PlaceholderValues } from "@/lib/handoffs/texts/template";

/**
 * The owner's hand-off texts (migration 0025): one per property of the register, '' standing for
 * all properties. The text a property's mail uses is its own, else the one for all properties,
 * else the built-in one (./template.ts); `source` says which, so the editor can tell. The sender's
 * postal address for the letters (migration 0029) is kept on the text for all properties only.
 */

export type TextSource = "property" | "all" | "builtIn";
export type StoredText = { subject: string; body: string } & {
  property: string | null;
  source: TextSource;
  /** The letters' sender address, from the text for all properties; `null` when none is stored. */
  senderAddress: string | null;
};

const ALL = "";

type Row = { property: string; subject: string; body: string; sender_address: string | null };

/** The text that applies to `property` (`null`: the text for all properties). */
export async function readText(db: Db, p: Principal, property: string | null): Promise<StoredText> {
  const rows = rowsOf<Row>(
    await db.execute(sql`SELECT property, subject, body, sender_address FROM handoff_texts
      WHERE team_id = ${p.teamId} AND property IN (${property ?? ALL}, ${ALL}) ORDER BY property DESC`),
  );
  const [row] = rows;
  const senderAddress = rows.find((r) => r.property === ALL)?.sender_address || null;
  if (!row) return { property, ...DEFAULT_TEXT, source: "builtIn", senderAddress };
  const source = row.property === ALL ? "all" : "property";
  return { property, subject: row.subject, body: row.body, source, senderAddress };
}

/** The letters' sender address alone (the text for all properties'), `null` when none is stored. */
export async function readSenderAddress(db: Db, p: Principal): Promise<string | null> {
  const rows = rowsOf<{ sender_address: string | null }>(
    await db.execute(sql`SELECT sender_address FROM handoff_texts WHERE team_id = ${p.teamId} AND property = ${ALL}`),
  );
  return rows[0]?.sender_address || null;
}

/**
 * Stores the letters' sender address given with a first print (the text for all properties keeps its subject and
 * body; without one, the built-in text is stored with it). Returns the address.
 */
export async function storeSenderAddress(db: Db, p: Principal, address: string): Promise<string> {
  await db.execute(sql`INSERT INTO handoff_texts (team_id, property, subject, body, sender_address)
    VALUES (${p.teamId}, ${ALL}, ${DEFAULT_TEXT.subject}, ${DEFAULT_TEXT.body}, ${address})
    ON CONFLICT (team_id, property) DO UPDATE SET sender_address = excluded.sender_address, updated_at = now()`);
  return address;
}

/** Saves a scope's text; `senderAddress` only with the text for all properties ('' clears it, absent keeps it). */
export async function saveText(db: Db, p: Principal, property: string | null, text: HandoffText): Promise<StoredText> {
  if (property !== null && text.senderAddress !== undefined)
    throw new AppError(400, "validation", "error.validation", {
      fields: [{ path: "senderAddress", message: "handoffTexts.senderAddressAllOnly" }],
    });
  const sender = text.senderAddress === undefined ? null : text.senderAddress;
  await db.execute(sql`INSERT INTO handoff_texts (team_id, property, subject, body, sender_address)
    VALUES (${p.teamId}, ${property ?? ALL}, ${text.subject}, ${text.body}, ${sender})
    ON CONFLICT (team_id, property) DO UPDATE SET subject = excluded.subject, body = excluded.body,
      sender_address = ${text.senderAddress === undefined ? sql`handoff_texts.sender_address` : sql`excluded.sender_address`},
      updated_at = now()`);
  return readText(db, p, property);
}

/** The mail for a document of `property`, its placeholders filled with `values`. */
export async function renderText(
  db: Db,
  p: Principal,
  property: string | null,
  values: PlaceholderValues,
): Promise<{ subject: string; body: string }> {
  const { subject, body } = await readText(db, p, property);
  return fillText({ subject, body }, values);
}
