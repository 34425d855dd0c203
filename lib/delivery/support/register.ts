import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { deliveryDocuments as d } from "@/lib/db/schema/delivery";
import { rowsOf } from "@/lib/db/rows";

/**
 * The unit register's names on support's records (lib/register, docs/api.md "Delivery record"): the
 * property, its address and the unit's label of the unit a document names, in the register of the
 * team of the connection that listed the document (issue #46). Only these three are ever read here:
 * support traces deliveries and does not need the person, so no resident's name, e-mail or postal
 * address reaches support's answers or exports (data minimisation).
 */
export type RegisterNames = { property: string | null; address: string | null; label: string | null };

/** One unit of the owner's register as JSON, or NULL: one probe of units_msc or units_pm. */
const unitJson = (owner: SQLWrapper, match: SQL, order = sql``) =>
  sql`(SELECT json_build_object('property', u.property, 'address', u.address, 'label', u.label) FROM units u WHERE u.team_id = ${owner} AND ${match} ${order} LIMIT 1)`;

/**
 * The names of the owner's unit a document names, `null` when the register does not know it: the
 * unit whose mscnumber is the document's unit, else one whose pmnumber is its property-management
 * number, as the register's contract says (COALESCE asks the second only when the first has none).
 * A subquery of the select list, so it runs for the rows the query hands out (a page, an export's
 * batch), never for every row it orders.
 */
export const registerNames = (owner: SQLWrapper, msc: SQLWrapper, pm: SQLWrapper) =>
  sql<RegisterNames | null>`COALESCE(${unitJson(owner, sql`u.mscnumber = ${msc}`)}, ${unitJson(owner, sql`u.pmnumber = ${pm}`, sql`ORDER BY u.unit_key`)})`;

/**
 * The property of a file of a whole property (its unit is a billing unit): the property of the flats it names, in the
 * owner's register (one probe of units_msc per flat, never a walk over the register), unless the register gives such
 * a flat another billing unit.
 */
export const billingNames = (owner: SQLWrapper, document: SQLWrapper, billingunit: SQLWrapper) =>
  sql<RegisterNames | null>`(SELECT json_build_object('property', u.property, 'address', NULL, 'label', NULL)
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${document}->'metadata') = 'array' THEN ${document}->'metadata' ELSE '[]'::jsonb END) m
    JOIN units u ON u.team_id = ${owner} AND u.mscnumber = btrim(m->>'mscnumber')
    WHERE lower(m->>'reftype') <> 'billingunit' AND u.property IS NOT NULL AND (u.billingunit IS NULL OR u.billingunit = ${billingunit})
    LIMIT 1)`;

/**
 * The documents whose unit is in `property` in their owner's register. The numbers of that
 * property's units in every register (units_property) pick the candidates through the documents'
 * unit_msc and unit_pm indexes, a BitmapOr as in support's search; each candidate is then checked
 * against its own owner's register, since another user may give the same number, or a property of
 * the same name, to other units.
 */
export function inProperty(property: string): SQL {
  const owner = sql`(SELECT c.team_id FROM connections c WHERE c.id = ${d.connectionId})`;
  const numbers = (column: SQL) =>
    sql`ARRAY(SELECT ${column} FROM units u WHERE u.property = ${property} AND ${column} IS NOT NULL)`;
  return sql`((${d.unitMsc} = ANY(${numbers(sql`u.mscnumber`)}) OR ${d.unitPm} = ANY(${numbers(sql`u.pmnumber`)}))
    AND ${registerNames(owner, d.unitMsc, d.unitPm)}->>'property' = ${property})`;
}

/**
 * Every property name of every user's register, once each, in order: the options of support's
 * property filter. A loose index scan of units_property, one probe per name, rather than a pass
 * over every unit of every register.
 */
export async function registerProperties(db: Db): Promise<string[]> {
  const rows = rowsOf<{ property: string }>(
    await db.execute(sql`WITH RECURSIVE p AS (
      (SELECT property FROM units WHERE property IS NOT NULL ORDER BY property LIMIT 1)
      UNION ALL
      SELECT (SELECT u.property FROM units u WHERE u.property > p.property ORDER BY u.property LIMIT 1) FROM p WHERE p.property IS NOT NULL
    ) SELECT property FROM p WHERE property IS NOT NULL`),
  );
  return rows.map((r) => r.property);
}
