import "server-only";
import { and, asc, eq, gte, not, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxDocuments as d } from "@/lib/db/schema/sandbox";
import type { Metadata } from "./schema";

export type Service = "uvi" | "dta";

const listColumns = {
  documentid: d.documentid,
  customer: d.customer,
  filename: d.filename,
  doctype: d.doctype,
  doctypeversion: d.doctypeversion,
  mimetype: d.mimetype,
  propertymanagement: d.propertymanagement,
  metadata: d.metadata,
  confirmed: d.confirmed,
  withdrawn: d.withdrawn,
};
export type DocumentSummary = {
  documentid: string;
  customer: string;
  filename: string;
  doctype: string;
  doctypeversion: string | null;
  mimetype: string;
  propertymanagement: string | null;
  metadata: Metadata[];
  confirmed: boolean;
  withdrawn: boolean;
};

/** jsonb reorders keys; answers show them in the specification's order. */
function ordered(metadata: unknown): Metadata[] {
  return (metadata as Metadata[]).map((m) => ({ reftype: m.reftype, mscnumber: m.mscnumber, pmnumber: m.pmnumber, from: m.from, to: m.to }));
}
const summary = (row: Omit<DocumentSummary, "metadata"> & { metadata: unknown }): DocumentSummary => ({ ...row, metadata: ordered(row.metadata) });

const group = (service: Service, customer: string) => and(eq(d.service, service), eq(d.customer, customer));
const closed = or(d.confirmed, d.withdrawn)!;

/** Ranks of the closed documents of a group, ascending (partial index: cost grows with these only). */
async function closedRanks(db: Db, service: Service, customer: string): Promise<number[]> {
  const rows = await db.select({ rank: d.rank }).from(d).where(and(group(service, customer), closed)).orderBy(asc(d.rank));
  return rows.map((r) => r.rank);
}

/**
 * One page of open documents. The offset counts open documents only; it becomes a rank by
 * stepping over the closed ranks before it, so the page is an index range read, not a scan.
 */
export async function listOpen(db: Db, service: Service, customer: string, offset: number, limit: number) {
  let start = offset;
  for (const rank of await closedRanks(db, service, customer)) {
    if (rank <= start) start += 1;
    else break;
  }
  const rows = await db
    .select(listColumns)
    .from(d)
    .where(and(group(service, customer), gte(d.rank, start), not(closed)))
    .orderBy(asc(d.rank))
    .limit(limit + 1);
  return { documents: rows.slice(0, limit).map(summary), hasMore: rows.length > limit };
}

export async function countOpen(db: Db, service: Service, customer: string): Promise<number> {
  const [top] = await db
    .select({ rank: d.rank })
    .from(d)
    .where(group(service, customer))
    .orderBy(sql`${d.rank} DESC`)
    .limit(1);
  if (!top) return 0;
  const [gone] = await db.select({ n: sql<number>`count(*)::int` }).from(d).where(and(group(service, customer), closed));
  return top.rank + 1 - Number(gone?.n ?? 0);
}

export async function findDocument(db: Db, service: Service, documentid: string): Promise<DocumentSummary | undefined> {
  const [row] = await db.select(listColumns).from(d).where(and(eq(d.service, service), eq(d.documentid, documentid)));
  return row && summary(row);
}

export async function readContent(db: Db, service: Service, documentid: string) {
  const [row] = await db
    .select({ content: d.content, generate: d.generate })
    .from(d)
    .where(and(eq(d.service, service), eq(d.documentid, documentid)));
  return row;
}

/** Marks a document confirmed; confirming twice changes nothing. */
export async function confirmDocument(db: Db, service: Service, documentid: string): Promise<void> {
  await db
    .update(d)
    .set({ confirmed: true, confirmedAt: new Date() })
    .where(and(eq(d.service, service), eq(d.documentid, documentid), eq(d.confirmed, false)));
}
