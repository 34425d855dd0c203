import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { sandboxOsrReports as r, sandboxOsrUnits as u } from "./tables";
import type { OsrUnit } from "./schema";

export type UnitKey = { customer: string; billingunit: string; unit: string };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Whether the service knows a unit: the state's `units` when it lists any (the unit under that
 * billing unit), else any document of the customer that names it (a reference other than a
 * billing unit's), under any billing unit. One statement; documents are found through their
 * metadata's index (migration 0035), never by reading all of them.
 */
export async function isKnownUnit(db: Db, key: UnitKey): Promise<boolean> {
  const named = JSON.stringify([{ mscnumber: key.unit }]);
  const [row] = rowsOf<{ known: boolean }>(
    await db.execute(sql`
      SELECT CASE WHEN EXISTS (SELECT 1 FROM sandbox_osr_units)
        THEN EXISTS (SELECT 1 FROM sandbox_osr_units
          WHERE customer = ${key.customer} AND billingunit = ${key.billingunit} AND unit = ${key.unit})
        ELSE EXISTS (SELECT 1 FROM sandbox_documents d
          WHERE d.metadata @> ${named}::jsonb AND d.customer = ${key.customer}
            AND EXISTS (SELECT 1 FROM jsonb_array_elements(d.metadata) m
              WHERE m->>'mscnumber' = ${key.unit} AND m->>'reftype' IS DISTINCT FROM 'billingunit'))
        END AS known`),
  );
  return row?.known === true;
}

/** Keeps an accepted data set as the unit's last (the text as sent); a new transaction id every time. */
export async function acceptReport(db: Db, key: UnitKey, clientId: string, sent: string): Promise<string> {
  const transactionid = randomUUID();
  const values = { ...key, clientId, transactionid, sent, at: new Date() };
  await db
    .insert(r)
    .values(values)
    .onConflictDoUpdate({
      target: [r.customer, r.billingunit, r.unit],
      set: { clientId, transactionid, sent, at: values.at },
    });
  return transactionid;
}

/** The unit's last accepted data set as sent, if any. */
export async function lastReport(db: Db, key: UnitKey): Promise<string | undefined> {
  const [row] = await db
    .select({ sent: r.sent })
    .from(r)
    .where(and(eq(r.customer, key.customer), eq(r.billingunit, key.billingunit), eq(r.unit, key.unit)));
  return row?.sent;
}

/** GET /sandbox/api/onsiteroles: every unit's last accepted state as it was sent. */
export async function listReports(db: Db) {
  const rows = await db.select().from(r).orderBy(asc(r.at), asc(r.customer), asc(r.billingunit), asc(r.unit));
  return {
    units: rows.map((x) => ({
      customer: x.customer,
      billingunit: x.billingunit,
      unit: x.unit,
      transactionid: x.transactionid,
      at: x.at.toISOString(),
      state: JSON.parse(x.sent) as unknown,
    })),
  };
}

export async function clearReports(db: Db | Tx): Promise<void> {
  await db.delete(r);
}

/** Part of replacing the state: the listed units, and no accepted report of the state before. */
export async function replaceOsr(tx: Tx, units: OsrUnit[]): Promise<void> {
  await tx.delete(u);
  await clearReports(tx);
  for (let i = 0; i < units.length; i += 5000) await tx.insert(u).values(units.slice(i, i + 5000));
}

export async function listUnits(db: Db): Promise<OsrUnit[]> {
  return db
    .select({ customer: u.customer, billingunit: u.billingunit, unit: u.unit })
    .from(u)
    .orderBy(asc(u.customer), asc(u.billingunit), asc(u.unit));
}
