import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { units } from "@/lib/db/schema/units";
import { csvLine } from "@/lib/csv";
import { rowsOf } from "@/lib/db/rows";
import { log } from "@/lib/log";
import type { Consent } from "@/lib/register/tenancies/consent";
import type { Tenancy } from "@/lib/register/tenancies/history";
import { CHANNEL_WORDS, GERMAN_HEADERS, type UnitColumn } from "./columns";
import { germanDate } from "./dates";
import { withHistories, type StoredUnit } from "./stored";

/**
 * `GET /api/units/export.csv`: the register in the import's own format (the German headers, `;`,
 * UTF-8 with BOM, formula-safe cells whose guard the import removes again), one row per tenancy
 * (oldest first), so that importing the export changes nothing. A name the register holds only as
 * a whole (from before the parts) goes into `Bewohner`, others into `Anrede`/`Vorname`/`Nachname`/
 * `Firma`. Erased tenancies are left out (their dates stay in the register; the import keeps what a
 * file does not name). `Vertragsnummer` follows `Auszug` where any tenancy of the register has one (an
 * import gave it), so that the next import matches by it. Streamed in batches by the unit's key,
 * whatever the register's size.
 */

const BATCH = 1000;

export const EXPORT_COLUMNS: UnitColumn[] = [
  "mscnumber",
  "pmnumber",
  "billingunit",
  "property",
  "address",
  "label",
  "resident",
  "salutation",
  "firstName",
  "lastName",
  "company",
  "email",
  "channel",
  "consent",
  "postalAddress",
  "moveIn",
  "moveOut",
];

/** The consent as the import reads it back (`Einwilligung`): its day, then its reference or how it was given. */
const consentCell = (c: Consent) =>
  `${germanDate(c.at.slice(0, 10))} ${c.reference ?? (c.how === "link" ? "über den Link" : "schriftlich")}`;

function tenancyCells(t: Tenancy | null, contracts: boolean): (string | null)[] {
  const r = t?.resident ?? null;
  const parts = r !== null && (r.firstName !== null || r.lastName !== null || r.company !== null);
  return [
    r && !parts ? r.name : null,
    r?.salutation ?? null,
    r?.firstName ?? null,
    r?.lastName ?? null,
    r?.company ?? null,
    r?.email ?? null,
    r ? CHANNEL_WORDS[r.channel] : null,
    r?.consent ? consentCell(r.consent) : null,
    r?.postalAddress ?? null,
    t?.moveIn ? germanDate(t.moveIn) : null,
    t?.moveOut ? germanDate(t.moveOut) : null,
    ...(contracts ? [t?.contract ?? null] : []),
  ];
}

/** A unit's cells: one row per tenancy, oldest first; one without a tenancy when it has none to show. */
function cellsOf(u: StoredUnit, contracts: boolean): (string | null)[][] {
  const unit = [u.mscnumber, u.pmnumber, u.billingunit, u.property, u.address, u.label];
  const shown = u.tenancies.filter((t) => !t.erased).reverse();
  return (shown.length > 0 ? shown : [null]).map((t) => [...unit, ...tenancyCells(t, contracts)]);
}

function linesOf(u: StoredUnit, contracts: boolean): string {
  return cellsOf(u, contracts)
    .map((cells) => csvLine(cells))
    .join("");
}

/**
 * A unit's rows as records by the import's German headers (with `Vertragsnummer`), as the export writes them: a
 * team merge's conflict lists the other side's history so (lib/teams/merge-units.ts), ready to import again.
 */
export function exportRecords(u: StoredUnit): Record<string, string | null>[] {
  const headers = [...EXPORT_COLUMNS, "contract" as const].map((c) => GERMAN_HEADERS[c]);
  return cellsOf(u, true).map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? null])));
}

/** Whether any tenancy of the user's register holds a contract number. */
async function hasContracts(db: Db, p: Principal): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`SELECT 1 FROM tenancies t JOIN units u ON u.id = t.unit_id
      WHERE u.team_id = ${p.teamId}::uuid AND t.contract IS NOT NULL LIMIT 1`),
  );
  return rows.length > 0;
}

async function batch(db: Db, p: Principal, after: string | null) {
  const rows = await db
    .select()
    .from(units)
    .where(and(eq(units.teamId, p.teamId), after === null ? undefined : gt(units.unitKey, after)))
    .orderBy(asc(units.unitKey))
    .limit(BATCH);
  return { units: await withHistories(db, rows), last: rows.at(-1)?.unitKey ?? null };
}

export function exportRegister(db: Db, p: Principal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: string | null = null;
  let started = false;
  let contracts = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          contracts = await hasContracts(db, p);
          const columns = contracts ? [...EXPORT_COLUMNS, "contract" as const] : EXPORT_COLUMNS;
          controller.enqueue(encoder.encode(`\uFEFF${csvLine(columns.map((c) => GERMAN_HEADERS[c]))}`));
        }
        const page = await batch(db, p, after);
        controller.enqueue(encoder.encode(page.units.map((u) => linesOf(u, contracts)).join("")));
        after = page.last;
        if (page.units.length < BATCH) controller.close();
      } catch (err) {
        log().error({ err }, "unit register export failed while streaming");
        controller.error(err);
      }
    },
  });
}
