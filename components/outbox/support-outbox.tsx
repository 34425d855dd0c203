"use client";
import { SupportList } from "@/components/delivery/support-list";
import { OUTBOX_PAGE_SIZES, supportOutboxQuery } from "@/lib/outbox/client";
import { OUTBOX_SUPPORT_DEFAULTS, readOutboxSupportSearch } from "@/lib/outbox/list";
import { OUTBOX_STATES } from "@/lib/outbox-states";
import { useT } from "@/lib/i18n/client";
import { OutboxLegend } from "./outbox-state";
import { OutboxTable } from "./outbox-table";

/**
 * Support's view of every user's sent items (the delivery pages' "Ausgang"): filters and page in the URL, results, CSV
 * export.
 */
export function SupportOutbox() {
  const t = useT();
  return (
    <SupportList
      read={readOutboxSupportSearch}
      defaults={OUTBOX_SUPPORT_DEFAULTS}
      query={supportOutboxQuery}
      shown={(data) => data.items.length}
      table={({ items, count }, { offset }) => (
        <OutboxTable
          items={items}
          caption={t("outbox.support.caption", { first: offset + 1, last: offset + items.length, count })}
        />
      )}
      states={OUTBOX_STATES}
      stateLabel={(s) => t(`outbox.state.${s}`)}
      words={{
        qHint: t("outbox.support.qHint"),
        from: t("outbox.support.from"),
        to: t("outbox.support.to"),
        count: (n) => t(n === 1 ? "outbox.support.countOne" : "outbox.support.count", { count: n }),
        empty: t("outbox.support.empty"),
      }}
      exportPath="/api/delivery/outbox/export.csv"
      pageSizes={OUTBOX_PAGE_SIZES}
      legend={<OutboxLegend />}
    />
  );
}
