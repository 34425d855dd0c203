import "server-only";
import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxFaults } from "@/lib/db/schema/sandbox";
import { AnyFaultRule, FaultRule, pathMatches } from "./schema";

/** Replaces the fault rules; `times` counters live in the database, shared by all instances. */
export async function replaceFaults(db: Db, rules: AnyFaultRule[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sandboxFaults);
    if (rules.length) {
      await tx
        .insert(sandboxFaults)
        .values(rules.map((rule, position) => ({ position, rule, remaining: rule.times ?? null })));
    }
  });
}

export async function listFaults(db: Db) {
  const rows = await db.select().from(sandboxFaults).orderBy(asc(sandboxFaults.position));
  return rows.map((r) => ({ ...(r.rule as AnyFaultRule), remaining: r.remaining }));
}

/**
 * The first rule that `pick` accepts and has `times` left, counted down atomically (a rule with
 * `times: 1` fires once even when two instances race for it). `pick` parses the stored rule and
 * returns it when it applies: the services' HTTP rules and the mailbox's SMTP rules share the list.
 */
export async function takeRule<R>(db: Db, pick: (stored: unknown) => R | undefined): Promise<R | undefined> {
  const rows = await db
    .select()
    .from(sandboxFaults)
    .where(or(isNull(sandboxFaults.remaining), gt(sandboxFaults.remaining, 0)))
    .orderBy(asc(sandboxFaults.position));
  for (const row of rows) {
    const rule = pick(row.rule);
    if (rule === undefined) continue;
    if (row.remaining === null) return rule;
    const taken = await db
      .update(sandboxFaults)
      .set({ remaining: sql`${sandboxFaults.remaining} - 1` })
      .where(and(eq(sandboxFaults.position, row.position), gt(sandboxFaults.remaining, 0)))
      .returning({ position: sandboxFaults.position });
    if (taken.length) return rule;
  }
  return undefined;
}

/** The HTTP rule that applies to a service request, if any (takeRule). */
export function takeFault(db: Db, method: string, path: string): Promise<FaultRule | undefined> {
  return takeRule(db, (stored) => {
    const parsed = FaultRule.safeParse(stored);
    if (!parsed.success) return undefined;
    const rule = parsed.data;
    return (!rule.method || rule.method === method) && pathMatches(rule.path, path) ? rule : undefined;
  });
}
