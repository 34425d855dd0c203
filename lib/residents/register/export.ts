import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { units } from "@/lib/db/schema/units";
import { csvLine } from "@/lib/csv";
import { log } from "@/lib/log";
import { CHANNEL_WORDS, GERMAN_HEADERS, UNIT_COLUMNS } from "./columns";
import { toUnit, type StoredUnit } from "./stored";

/**
 * `GET /api/units/export.csv`: the register in the import's own format (the German headers, `;`,
 * UTF-8 with BOM, formula-safe cells whose guard the import removes again), so that importing the
 * export changes nothing. Streamed in batches by the unit's key, whatever the register's size.
 */

const BATCH = 1000;

const cellsOf = (u: StoredUnit) => [
  u.mscnumber,
  u.pmnumber,
  u.property,
  u.address,
  u.label,
  u.resident?.name,
  u.resident?.email,
  u.resident ? CHANNEL_WORDS[u.resident.channel] : null,
  u.resident?.postalAddress,
];

async function batch(db: Db, userId: string, after: string | null) {
  return db
    .select()
    .from(units)
    .where(and(eq(units.userId, userId), after === null ? undefined : gt(units.unitKey, after)))
    .orderBy(asc(units.unitKey))
    .limit(BATCH);
}

export function exportRegister(db: Db, userId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: string | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${csvLine(UNIT_COLUMNS.map((c) => GERMAN_HEADERS[c]))}`));
        }
        const rows = await batch(db, userId, after);
        controller.enqueue(encoder.encode(rows.map((r) => csvLine(cellsOf(toUnit(r)))).join("")));
        after = rows.at(-1)?.unitKey ?? null;
        if (rows.length < BATCH) controller.close();
      } catch (err) {
        log().error({ err }, "unit register export failed while streaming");
        controller.error(err);
      }
    },
  });
}
