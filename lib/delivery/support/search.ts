import "server-only";
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { deliveryDocuments as d } from "@/lib/db/schema/delivery";
import { containing, rowsOf } from "@/lib/db/rows";
import type { DeliveryFiltersInput } from "./schemas";

/**
 * How support's record finds and counts its rows among a million documents (docs/scale.md). Each
 * branch of a search has its own index (migration 0014), and the matches are gathered before they
 * are ordered; the totals come from the kept counts of migration 0007 where the filters allow.
 */

/** A JSON number as PostgreSQL's jsonb reads one; anything else cannot be a number in the metadata. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A term of digits only is a number (a usage unit, a document id) and skips the file name, whose
 * trigrams nearly every number matches (docs/scale.md): it no longer finds a name containing it.
 */
const DIGITS = /^\d+$/;

/**
 * `q` matches a document id exactly, a file name as a substring (unless `q` is all digits), or a
 * usage unit number exactly: `unit_msc`, `unit_pm` or any `mscnumber` of the metadata. Every branch
 * is one an index serves, so PostgreSQL reads only the matches (a BitmapOr) instead of every row.
 */
export function matches(q: string): SQL {
  const pattern = containing(q);
  // The metadata as containment, which its jsonb_path_ops index serves: a string mscnumber, or a
  // number (a provider may send it as one) whose text is `q`. Containment compares numbers by value
  // (1.0 contains 1), so the number branch keeps the exact text test as well. A metadata that is not
  // an array contains no array and matches nothing, as before.
  const metadata = sql`${d.document}->'metadata'`;
  const asNumber = JSON_NUMBER.test(q)
    ? sql`(${metadata} @> ${`[{"mscnumber":${q}}]`}::jsonb AND EXISTS (SELECT 1 FROM jsonb_array_elements(${metadata}) AS m(e) WHERE m.e->>'mscnumber' = ${q}))`
    : undefined;
  return or(
    eq(d.documentid, q),
    DIGITS.test(q) ? undefined : sql`${d.filename} ILIKE ${pattern}`,
    eq(d.unitMsc, q),
    eq(d.unitPm, q),
    sql`${metadata} @> ${JSON.stringify([{ mscnumber: q }])}::jsonb`,
    asNumber,
  )!;
}

/**
 * Whether the filters find their rows through indexes of their own (a search's branches, a
 * property's unit numbers: register.ts), so that the matches are gathered before they are ordered
 * (`searchPage`) instead of walking first_seen_at in hope of meeting them.
 */
export const gathers = (f: DeliveryFiltersInput): boolean => Boolean(f.q || f.property);

/**
 * The keys of one page of a search's matches in record order, with their total. MATERIALIZED keeps
 * the planner from walking the record order backwards over every row for a few matches (docs/scale.md).
 */
export function searchPage(where: SQL, limit: number, offset: number): SQL {
  return sql`(WITH m AS MATERIALIZED (SELECT ${d.connectionId}, ${d.documentid}, ${d.firstSeenAt} FROM ${d} WHERE ${where})
    SELECT connection_id, documentid, count(*) OVER () AS total FROM m
    ORDER BY first_seen_at DESC, connection_id, documentid LIMIT ${limit} OFFSET ${offset}) AS page`;
}

/**
 * The keys of one page of the newest records of other filters, through the first_seen_at index:
 * the records, with their names from the register, are joined to these rows only, not to the rows
 * an OFFSET skips.
 */
export function newestPage(where: SQL | undefined, limit: number, offset: number): SQL {
  return sql`(SELECT ${d.connectionId}, ${d.documentid} FROM ${d}${where ? sql` WHERE ${where}` : sql``}
    ORDER BY ${d.firstSeenAt} DESC, ${d.connectionId}, ${d.documentid} LIMIT ${limit} OFFSET ${offset}) AS page`;
}

/** The join of the records to `searchPage` or `newestPage`, and the page's total as a column (`searchPage`'s). */
export const onPage = sql`page.connection_id = ${d.connectionId} AND page.documentid = ${d.documentid}`;
export const pageTotal = sql<number>`page.total`.mapWith(Number);

/**
 * How many records the filters match. With the state and the connection only, the sum of the kept
 * counts of 0007 (a few hundred rows; every document's connection and owner exist, so the sum is the
 * joined records' count); otherwise a `count(*)` that the filter's index serves. Never a window over
 * every row of the page's query, which at a million rows spilled 530 MiB to disk.
 */
export async function countRecords(db: Db, f: DeliveryFiltersInput, where: SQL | undefined): Promise<number> {
  if (!gathers(f) && !f.from && !f.to) {
    const kept = and(
      f.state ? sql`state = ${f.state}` : undefined,
      f.connection ? sql`connection_id = ${f.connection}::uuid` : undefined,
    );
    const [row] = rowsOf<{ n: string | number | null }>(
      await db.execute(sql`SELECT sum(n) AS n FROM delivery_state_counts${kept ? sql` WHERE ${kept}` : sql``}`),
    );
    return Number(row?.n ?? 0);
  }
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(d)
    .where(where);
  return row?.n ?? 0;
}
