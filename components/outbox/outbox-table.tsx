"use client";
import { FileName } from "@/components/ui/file-name";
import type { ReactNode } from "react";
import { Table, Td, Th } from "@/components/ui/table";
import type { OutboxItem, SupportOutboxItem } from "@/lib/outbox/client";
import { formatBytes, formatDateTime } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";
import { OutboxStateBadge, OutboxStatusText } from "./outbox-state";

/** Below `md` each row is a card: the file first, then time and size, sender, outcome, actions. */
const CARD = {
  row: "max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:border-b max-md:border-slate-200 max-md:p-3",
  cell: "max-md:border-0 max-md:p-0",
  wide: "max-md:col-span-2",
};

/**
 * One page of sent items, newest first, for the manager (with the actions an item offers) and for
 * support (with each item's connection and owner). On a phone its rows are cards (CARD); between
 * that and its full width it scrolls in its own region, which the keyboard reaches.
 */
export function OutboxTable<I extends OutboxItem>(props: {
  items: I[];
  caption: string;
  actions?: (item: I) => ReactNode;
}) {
  const t = useT();
  const display = useDisplay();
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, display)}</time>;
  const withConnection = (item: I): item is I & SupportOutboxItem => "connectionName" in item;
  const showConnection = props.items.some(withConnection);
  return (
    <Table caption={props.caption} captionHidden scrollLabel={props.caption} cards>
      <thead className="max-md:sr-only">
        <tr>
          <Th>{t("outbox.col.sentAt")}</Th>
          <Th>{t("outbox.col.file")}</Th>
          {showConnection && <Th>{t("outbox.col.connection")}</Th>}
          <Th>{t("outbox.col.size")}</Th>
          <Th>{t("outbox.col.by")}</Th>
          <Th>{t("outbox.col.state")}</Th>
          {props.actions && <Th>{t("outbox.col.actions")}</Th>}
        </tr>
      </thead>
      <tbody className="max-md:block">
        {props.items.map((item) => (
          <tr key={item.id} data-testid="outbox-item" className={CARD.row}>
            <Td className={`whitespace-nowrap max-md:order-3 ${CARD.cell}`}>{when(item.sentAt)}</Td>
            <Td
              className={`min-w-44 max-w-72 [overflow-wrap:anywhere] max-md:order-1 max-md:max-w-none ${CARD.wide} ${CARD.cell}`}
            >
              <div className="font-medium">
                <FileName name={item.filename} />
              </div>
              <div className="font-mono text-xs text-slate-600" title={item.sha256}>
                {t("outbox.sha", { sha: item.sha256.slice(0, 12) })}
              </div>
              {(item.doctype || item.doctypeversion) && (
                <div className="text-xs text-slate-600">
                  {[item.doctype, item.doctypeversion].filter(Boolean).join(" · ")}
                </div>
              )}
            </Td>
            {showConnection && (
              <Td className={`[overflow-wrap:anywhere] max-md:order-2 ${CARD.wide} ${CARD.cell}`}>
                {withConnection(item) && (
                  <>
                    <div>{item.connectionName}</div>
                    <div className="text-xs text-slate-600">{item.owner}</div>
                  </>
                )}
              </Td>
            )}
            <Td className={`whitespace-nowrap max-md:order-4 max-md:text-right ${CARD.cell}`}>
              {formatBytes(item.bytes, display.locale)}
            </Td>
            <Td className={`[overflow-wrap:anywhere] max-md:order-5 max-md:text-xs ${CARD.wide} ${CARD.cell}`}>
              <span className="md:hidden">{t("outbox.col.by")}: </span>
              {item.sentBy ?? t("outbox.someone")}
            </Td>
            <Td className={`min-w-48 max-md:order-6 ${CARD.wide} ${CARD.cell}`}>
              <OutboxStateBadge state={item.state} />
              <OutboxStatusText item={item} />
              {item.resolvedAt && (
                <p className="text-xs text-slate-600">
                  {t("outbox.resolved", {
                    when: formatDateTime(item.resolvedAt, display),
                    who: item.resolvedBy ?? t("outbox.someone"),
                  })}
                </p>
              )}
            </Td>
            {props.actions && <Td className={`max-md:order-7 ${CARD.wide} ${CARD.cell}`}>{props.actions(item)}</Td>}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
