import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { and, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { outboxItems as o } from "@/lib/db/schema/outbox";
import { dayIn } from "@/lib/format";
import { translate, type Locale, type MessageKey } from "@/lib/i18n/messages";
import type { OutboxFiltersInput } from "@/lib/outbox/list";
import { log } from "@/lib/log";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import { csvLine } from "@/lib/csv";
import { when } from "@/lib/delivery/support/export";
import { assertSupport, recordTimeZone } from "@/lib/delivery/support/records";
import { outboxCondition, outboxOrder } from "./support";
import { selectSupportItems, toSupportItem, type SupportOutboxItem } from "./view";

/**
 * Support's outbox items as CSV, in the delivery record's format (lib/delivery/support/export.ts:
 * UTF-8 with BOM, `;`, formula-safe cells, times in the display time zone), streamed in batches
 * by keyset; the export is audited before the first byte goes out.
 */

const BATCH = 1000;

const COLUMNS = [
  "sentAt",
  "filename",
  "state",
  "connection",
  "connectionId",
  "owner",
  "sentBy",
  "bytes",
  "sha256",
  "doctype",
  "doctypeversion",
  "kd",
  "statustype",
  "code",
  "statusMessage",
  "httpStatus",
  "message",
  "resolvedAt",
  "resolvedBy",
] as const;

function cellsOf(i: SupportOutboxItem, locale: Locale): (string | number | null)[] {
  return [
    when(i.sentAt),
    i.filename,
    translate(locale, `outboxApi.csv.state.${i.state}` as MessageKey),
    i.connectionName,
    i.connectionId,
    i.owner,
    i.sentBy,
    i.bytes,
    i.sha256,
    i.doctype,
    i.doctypeversion,
    i.kd,
    i.status?.statustype ?? null,
    i.status?.code ?? null,
    i.status?.message ?? null,
    i.httpStatus,
    i.message,
    when(i.resolvedAt),
    i.resolvedBy,
  ];
}

type Cursor = { sentAt: string; id: string };
const after = (c: Cursor): SQL => sql`(${o.sentAt}, ${o.id}) < (${c.sentAt}::timestamptz, ${c.id}::uuid)`;

async function batch(db: Db, where: SQL | undefined, cursor: Cursor | null) {
  const rows = await selectSupportItems(db, { at: sql<string>`${o.sentAt}::text` })
    .where(and(where, cursor ? after(cursor) : undefined))
    .orderBy(...outboxOrder)
    .limit(BATCH);
  const last = rows.at(-1);
  return { rows, next: rows.length === BATCH && last ? { sentAt: last.at, id: last.item.id } : null };
}

export async function exportOutbox(
  db: Db,
  principal: Principal,
  input: { filters: OutboxFiltersInput; locale: Locale },
): Promise<{ filename: string; stream: ReadableStream<Uint8Array> }> {
  assertSupport(principal);
  const where = outboxCondition(input.filters);
  const first = await batch(db, where, null);
  await recordEvent(db, {
    kind: "export",
    actor: principalActor(principal),
    detail: { of: "outbox", filters: input.filters },
  });
  const encoder = new TextEncoder();
  const encode = (rows: Awaited<ReturnType<typeof batch>>["rows"]) =>
    encoder.encode(rows.map((r) => csvLine(cellsOf(toSupportItem(r, input.locale), input.locale))).join(""));
  let cursor = first.next;
  const header = `\uFEFF${csvLine(COLUMNS.map((c) => translate(input.locale, `outboxApi.csv.${c}`)))}`;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(header));
      controller.enqueue(encode(first.rows));
      if (!cursor) controller.close();
    },
    async pull(controller) {
      if (!cursor) return;
      try {
        const next = await batch(db, where, cursor);
        controller.enqueue(encode(next.rows));
        cursor = next.next;
        if (!cursor) controller.close();
      } catch (err) {
        log().error({ err }, "outbox export failed while streaming");
        controller.error(err);
      }
    },
  });
  return { filename: `ausgang-${dayIn(new Date(), recordTimeZone())}.csv`, stream };
}
