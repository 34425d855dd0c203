import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { MAX_MONTH_UNITS } from "@/lib/views/handoff-month/query";
import { MAX_ROUND_DOCUMENTS, type MonthDocumentsInput } from "@/lib/views/month-round/round-query";
import { monthPairs, readWithoutJit } from "@/lib/views/month-round/round-sql";

/**
 * The documents of one property-month that the month page's runs take (docs/api.md, "The month page"): the open
 * ones a confirmation takes, and those that go out by e-mail or the portal once confirmed; each with its unit and
 * the tenancy that receives it, so that the question can say how many units and residents a run touches.
 */
export type RoundDocument = {
  connectionId: string;
  documentid: string;
  filename: string;
  unitId: string;
  /** The tenancy that receives it (null: nobody yet, e.g. a change of resident to assign). */
  tenancyId: string | null;
  confirmable: boolean;
  confirmed: boolean;
  /** Goes out by e-mail or the portal once confirmed (no hand-off of it to that resident yet). */
  handsOn: boolean;
};
export type RoundDocuments = { property: string; month: string; truncated: boolean; documents: RoundDocument[] };

type Row = {
  connection_id: string;
  documentid: string;
  filename: string;
  unit_id: string;
  tenancy_id: string | null;
  confirmable: boolean;
  confirmed: boolean;
  hands_on: boolean;
};

export async function readRoundDocuments(db: Db, userId: string, input: MonthDocumentsInput): Promise<RoundDocuments> {
  const rows = await readWithoutJit<Row>(
    db,
    sql`SELECT p.connection_id, p.documentid, p.filename, p.unit_id, p.tenancy_id, p.confirmable,
        p.confirmed, p.hands_on
      FROM (${monthPairs(userId, input.month, [input.property], MAX_MONTH_UNITS)}) p
      WHERE p.documentid IS NOT NULL AND (p.confirmable OR (p.confirmed AND p.hands_on))
      ORDER BY p.connection_id, p.documentid LIMIT ${MAX_ROUND_DOCUMENTS + 1}`,
  );
  const listed = rows.slice(0, MAX_ROUND_DOCUMENTS);
  return {
    property: input.property,
    month: input.month,
    truncated: rows.length > listed.length,
    documents: listed.map((r) => ({
      connectionId: r.connection_id,
      documentid: r.documentid,
      filename: r.filename,
      unitId: r.unit_id,
      tenancyId: r.tenancy_id,
      confirmable: r.confirmable,
      confirmed: r.confirmed,
      handsOn: r.hands_on,
    })),
  };
}
