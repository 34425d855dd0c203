"use client";
import { StateLegend } from "@/components/ui/state-badge";
import { deliveryQuery } from "@/lib/delivery/support/client";
import { DELIVERY_DEFAULTS, DELIVERY_PAGE_SIZES, readDeliverySearch } from "@/lib/delivery/support/list";
import { DOCUMENT_STATES } from "@/lib/document-states";
import { useT } from "@/lib/i18n/client";
import { DeliveryTable } from "./delivery-table";
import { useKnownProperties } from "./property-select";
import { SupportList } from "./support-list";

/** Support's search over the delivery record: filters and page in the URL, results, CSV export. */
export function DeliveryList() {
  const t = useT();
  const properties = useKnownProperties();
  return (
    <SupportList
      read={readDeliverySearch}
      defaults={DELIVERY_DEFAULTS}
      query={deliveryQuery}
      shown={(data) => data.records.length}
      table={({ records, count }, { offset }) => (
        <DeliveryTable
          records={records}
          caption={t("deliveryPage.caption", { first: offset + 1, last: offset + records.length, count })}
        />
      )}
      states={DOCUMENT_STATES}
      stateLabel={(s) => t(`state.${s}`)}
      words={{
        qHint: t("deliveryPage.qHint"),
        from: t("deliveryPage.from"),
        to: t("deliveryPage.to"),
        count: (n) => t(n === 1 ? "deliveryPage.countOne" : "deliveryPage.count", { count: n }),
        empty: t("deliveryPage.empty"),
      }}
      exportPath="/api/delivery/export.csv"
      pageSizes={DELIVERY_PAGE_SIZES}
      legend={<StateLegend />}
      properties={properties}
    />
  );
}
