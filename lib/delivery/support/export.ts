import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { and, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { deliveryDocuments as d } from "@/lib/db/schema/delivery";
import { translate, type Locale, type MessageKey } from "@/lib/i18n/messages";
import { dayIn } from "@/lib/format";
import { csvLine, csvTime } from "@/lib/csv";
import { log } from "@/lib/log";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { DeliveryFiltersInput } from "./schemas";
import {
  assertSupport,
  filterCondition,
  recordOrder,
  recordTimeZone,
  selectRecords,
  toRecord,
  type DeliveryRecord,
} from "./records";
import { countRecords, gathers, onPage, pageTotal, searchPage } from "./search";

/**
 * The delivery record as CSV for spreadsheets (lib/csv.ts: UTF-8 with BOM here, `;`, formula-safe
 * cells), streamed in keyset batches. See docs/api.md, `GET /api/delivery/export.csv`.
 */
const BATCH = 1000;

/** Local time of DISPLAY_TIME_ZONE as a spreadsheet reads it (lib/csv.ts). */
export const when = (iso: string | null) => csvTime(iso, recordTimeZone());

const COLUMNS = [
  "documentid",
  "filename",
  "units",
  "property",
  "address",
  "label",
  "state",
  "connection",
  "connectionId",
  "owner",
  "service",
  "firstSeenAt",
  "fetchedAt",
  "bytes",
  "sha256",
  "confirmedAt",
  "confirmedBy",
  "replacedBy",
] as const;

function cellsOf(r: DeliveryRecord, locale: Locale): (string | number | null | undefined)[] {
  const state = translate(locale, `deliveryRecord.csv.state.${r.state}` as MessageKey);
  return [
    r.documentid,
    r.filename,
    r.units.join(", "),
    r.register?.property,
    r.register?.address,
    r.register?.label,
    state,
    r.connectionName,
    r.connectionId,
    r.owner,
    r.service,
    when(r.firstSeenAt),
    when(r.fetchedAt),
    r.bytes,
    r.sha256,
    when(r.confirmedAt),
    r.confirmedBy,
    r.replacedBy ?? null,
  ];
}

/**
 * Where the next batch starts: keyset paging, exact to the microsecond (the cursor is text). The
 * bound `first_seen_at <= seen` repeats what the `OR` implies, so that it is the index condition and
 * a batch starts at its cursor instead of reading the earlier rows again (docs/scale.md).
 */
type Cursor = { seen: string; connectionId: string; documentid: string };
const after = (c: Cursor): SQL =>
  sql`${d.firstSeenAt} <= ${c.seen}::timestamptz AND (${d.firstSeenAt} < ${c.seen}::timestamptz OR (${d.firstSeenAt} = ${c.seen}::timestamptz AND (${d.connectionId}, ${d.documentid}) > (${c.connectionId}::uuid, ${c.documentid})))`;

/** The next batch; a search's or a property's from the page of its matches (`searchPage`), with their total. */
async function batch(db: Db, filters: DeliveryFiltersInput, where: SQL | undefined, cursor: Cursor | null) {
  const at = and(where, cursor ? after(cursor) : undefined);
  const extra = { seen: sql<string>`${d.firstSeenAt}::text` };
  const found = gathers(filters)
    ? await selectRecords(db, { ...extra, total: pageTotal })
        .innerJoin(searchPage(at!, BATCH, 0), onPage)
        .orderBy(...recordOrder)
    : null;
  const rows =
    found ??
    (await selectRecords(db, extra)
      .where(at)
      .orderBy(...recordOrder)
      .limit(BATCH));
  const last = rows.at(-1);
  return {
    rows,
    total: found?.[0]?.total,
    next: last ? { seen: last.seen, connectionId: last.connectionId, documentid: last.documentid } : null,
  };
}

export function exportFilename(now = new Date()): string {
  return `zustellung-${dayIn(now, recordTimeZone())}.csv`;
}

/**
 * Streams the filtered records in batches of 1000; never the whole result in memory. The export
 * is audited before the first byte goes out, with the row count as of the first batch.
 */
export async function exportDeliveries(
  db: Db,
  principal: Principal,
  input: { filters: DeliveryFiltersInput; locale: Locale },
): Promise<{ meta: { filename: string; rows: number }; stream: ReadableStream<Uint8Array> }> {
  assertSupport(principal);
  const where = filterCondition(input.filters);
  const first = await batch(db, input.filters, where, null);
  // A search's or a property's first batch carries the total of its matches; other filters are counted apart.
  // A whole result in one batch is its own count.
  const rows =
    first.total ?? (first.rows.length < BATCH ? first.rows.length : await countRecords(db, input.filters, where));
  await recordEvent(db, { kind: "export", actor: principalActor(principal), detail: { filters: input.filters, rows } });

  const encoder = new TextEncoder();
  const encode = ({ rows }: Awaited<ReturnType<typeof batch>>) =>
    encoder.encode(rows.map((r) => csvLine(cellsOf(toRecord(r), input.locale))).join(""));
  let cursor = first.rows.length === BATCH ? first.next : null;
  const header = `\uFEFF${csvLine(COLUMNS.map((c) => translate(input.locale, `deliveryRecord.csv.${c}`)))}`;

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(header));
      controller.enqueue(encode(first));
      if (!cursor) controller.close();
    },
    async pull(controller) {
      if (!cursor) return;
      try {
        const next = await batch(db, input.filters, where, cursor);
        controller.enqueue(encode(next));
        cursor = next.rows.length === BATCH ? next.next : null;
        if (!cursor) controller.close();
      } catch (err) {
        log().error({ err }, "delivery export failed while streaming");
        controller.error(err);
      }
    },
  });
  return { meta: { filename: exportFilename(), rows }, stream };
}
