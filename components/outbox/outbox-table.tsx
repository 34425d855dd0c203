"use client";
import type { ReactNode } from "react";
import { Table, Td, Th } from "@/components/ui/table";
import type { OutboxItem, SupportOutboxItem } from "@/lib/client/outbox";
import { formatBytes, formatDateTime } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";
import { OutboxStateBadge, OutboxStatusText } from "./outbox-state";

/**
 * One page of sent items, newest first, for the manager (with the actions an item offers) and for
 * support (with each item's connection and owner). Wider than a phone, it scrolls in its own
 * region, which the keyboard reaches.
 */
export function OutboxTable<I extends OutboxItem>(props: { items: I[]; caption: string; actions?: (item: I) => ReactNode }) {
  const t = useT();
  const display = useDisplay();
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, display)}</time>;
  const withConnection = (item: I): item is I & SupportOutboxItem => "connectionName" in item;
  const showConnection = props.items.some(withConnection);
  return (
    <Table caption={props.caption} captionHidden scrollLabel={props.caption}>
      <thead>
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
      <tbody>
        {props.items.map((item) => (
          <tr key={item.id} data-testid="outbox-item">
            <Td className="whitespace-nowrap">{when(item.sentAt)}</Td>
            <Td className="min-w-44 max-w-72 [overflow-wrap:anywhere]">
              <div className="font-medium">{item.filename}</div>
              <div className="font-mono text-xs text-slate-600" title={item.sha256}>
                {t("outbox.sha", { sha: item.sha256.slice(0, 12) })}
              </div>
              {(item.doctype || item.doctypeversion) && (
                <div className="text-xs text-slate-600">{[item.doctype, item.doctypeversion].filter(Boolean).join(" · ")}</div>
              )}
            </Td>
            {showConnection && (
              <Td className="[overflow-wrap:anywhere]">
                {withConnection(item) && (
                  <>
                    <div>{item.connectionName}</div>
                    <div className="text-xs text-slate-600">{item.owner}</div>
                  </>
                )}
              </Td>
            )}
            <Td className="whitespace-nowrap">{formatBytes(item.bytes, display.locale)}</Td>
            <Td className="[overflow-wrap:anywhere]">{item.sentBy ?? t("outbox.someone")}</Td>
            <Td className="min-w-48">
              <OutboxStateBadge state={item.state} />
              <OutboxStatusText item={item} />
              {item.resolvedAt && (
                <p className="text-xs text-slate-600">
                  {t("outbox.resolved", { when: formatDateTime(item.resolvedAt, display), who: item.resolvedBy ?? t("outbox.someone") })}
                </p>
              )}
            </Td>
            {props.actions && <Td>{props.actions(item)}</Td>}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
