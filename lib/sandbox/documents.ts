import "server-only";
import { and, asc, eq, gte, not, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxBlocks as b, sandboxDocuments as d } from "@/lib/db/schema/sandbox";
import type { FACT_KEYS, Metadata } from "./schema";

export type Service = "uvi" | "dta";
type FactKey = (typeof FACT_KEYS)[number];
/** Ranks per row of sandbox_blocks (the SQL of state.ts uses the same number). */
export const BLOCK = 1024;

const listColumns = {
  documentid: d.documentid,
  customer: d.customer,
  filename: d.filename,
  doctype: d.doctype,
  doctypeversion: d.doctypeversion,
  mimetype: d.mimetype,
  propertymanagement: d.propertymanagement,
  metadata: d.metadata,
  facts: d.facts,
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
  /** The DTA file facts the state gave (only the keys it set), or null: none. */
  facts?: Partial<Record<FactKey, unknown>> | null;
  confirmed: boolean;
  withdrawn: boolean;
};

/** jsonb reorders keys; answers show them in the specification's order. */
function ordered(metadata: unknown): Metadata[] {
  return (metadata as Metadata[]).map((m) => ({
    reftype: m.reftype,
    mscnumber: m.mscnumber,
    pmnumber: m.pmnumber,
    from: m.from,
    to: m.to,
  }));
}
const summary = (
  row: Omit<DocumentSummary, "metadata" | "facts"> & { metadata: unknown; facts: unknown },
): DocumentSummary => ({
  ...row,
  metadata: ordered(row.metadata),
  facts: (row.facts as DocumentSummary["facts"]) ?? null,
});

const closed = or(d.confirmed, d.withdrawn)!;

/** Open documents per block of a customer's list, in order (one row per 1024 documents). */
function openBlocks(db: Db, service: Service, customer: string) {
  return db
    .select({ block: b.block, open: b.openCount })
    .from(b)
    .where(and(eq(b.service, service), eq(b.customer, customer)))
    .orderBy(asc(b.block));
}

/**
 * One page of open documents and the open count. The offset counts open documents only: the
 * block counts say in which block it falls, and the page is an index range read from there.
 */
export async function listOpen(db: Db, service: Service, customer: string, offset: number, limit: number) {
  const blocks = await openBlocks(db, service, customer);
  const count = blocks.reduce((n, x) => n + x.open, 0);
  let skip = offset;
  const start = blocks.find((x) => {
    if (skip < x.open) return true;
    skip -= x.open;
    return false;
  });
  if (!start) return { documents: [], hasMore: false, count };
  const rows = await db
    .select(listColumns)
    .from(d)
    .where(and(eq(d.service, service), eq(d.customer, customer), gte(d.rank, start.block * BLOCK), not(closed)))
    .orderBy(asc(d.rank))
    .offset(skip)
    .limit(limit + 1);
  return { documents: rows.slice(0, limit).map(summary), hasMore: rows.length > limit, count };
}

export async function countOpen(db: Db, service: Service, customer: string): Promise<number> {
  return (await openBlocks(db, service, customer)).reduce((n, x) => n + x.open, 0);
}

export async function findDocument(db: Db, service: Service, documentid: string): Promise<DocumentSummary | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(d)
    .where(and(eq(d.service, service), eq(d.documentid, documentid)));
  return row && summary(row);
}

export async function readContent(db: Db, service: Service, documentid: string) {
  const [row] = await db
    .select({ content: d.content, generate: d.generate })
    .from(d)
    .where(and(eq(d.service, service), eq(d.documentid, documentid)));
  return row;
}

/** Marks an open document confirmed and counts it out of its block; confirming twice changes nothing. */
export async function confirmDocument(db: Db, service: Service, documentid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(d)
      .set({ confirmed: true, confirmedAt: new Date() })
      .where(and(eq(d.service, service), eq(d.documentid, documentid), not(closed)))
      .returning({ customer: d.customer, rank: d.rank });
    if (!row) return;
    await tx
      .update(b)
      .set({ openCount: sql`${b.openCount} - 1` })
      .where(and(eq(b.service, service), eq(b.customer, row.customer), eq(b.block, Math.floor(row.rank / BLOCK))));
  });
}
