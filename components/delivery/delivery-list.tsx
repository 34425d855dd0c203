"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterDisclosure } from "@/components/ui/filter-disclosure";
import { useSetFilters } from "@/components/ui/search-limit";
import { Pager } from "@/components/ui/pager";
import { HttpError } from "@/lib/client/fetch-json";
import { deliveryQuery } from "@/lib/client/queries";
import { useSearchState } from "@/lib/client/use-search-state";
import { DELIVERY_DEFAULTS, DELIVERY_PAGE_SIZES, readDeliverySearch } from "@/lib/lists/delivery";
import { toQueryString } from "@/lib/lists/params";
import { useT } from "@/lib/i18n/client";
import { DeliveryFilters } from "./delivery-filters";
import { DeliveryHeader } from "./delivery-nav";
import { StateLegend } from "@/components/ui/state-badge";
import { DeliveryTable } from "./delivery-table";
import { useKnownConnections } from "./known-connections";

/** Support's search over the delivery record: filters and page in the URL, results, CSV export. */
export function DeliveryList() {
  const t = useT();
  const [search, update] = useSearchState(readDeliverySearch, DELIVERY_DEFAULTS);
  const list = useQuery({ ...deliveryQuery(search), placeholderData: keepPreviousData });
  const connections = useKnownConnections();
  const { q, state, connection, from, to } = search;
  const filters = { q, state, connection, from, to };
  const setFilters = useSetFilters()(Object.values(filters));
  const exportHref = `/api/delivery/export.csv${toQueryString(filters) ? `?${toQueryString(filters)}` : ""}`;
  const errors = Object.fromEntries(list.error instanceof HttpError ? list.error.fields.map((f) => [f.path, f.message]) : []);
  const count = list.data?.count ?? 0;
  const shown = list.data?.records ?? [];

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DeliveryHeader />
      {/* Outside the form, which the URL's filters key: applying them keeps the filters unfolded. */}
      <FilterDisclosure label={t("deliveryPage.filters")} activeLabel={setFilters}>
        <DeliveryFilters
          key={JSON.stringify(filters)}
          search={search}
          connections={connections}
          errors={errors}
          onApply={(f) => update(f)}
          onReset={() => update({ q: undefined, state: undefined, connection: undefined, from: undefined, to: undefined })}
        />
      </FilterDisclosure>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-slate-800" data-testid="delivery-count">
          {list.isPending ? t("deliveryPage.loading") : list.data ? t(count === 1 ? "deliveryPage.countOne" : "deliveryPage.count", { count }) : ""}
        </p>
        <div className="flex flex-col items-end gap-1">
          <a
            href={exportHref}
            download
            className="rounded border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-blue-800 hover:bg-slate-100"
            aria-describedby="export-hint"
          >
            {t("deliveryPage.export")}
          </a>
          <p id="export-hint" className="text-xs text-slate-600">
            {t("deliveryPage.exportHint")}
          </p>
        </div>
      </div>
      {list.error && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {t("deliveryPage.loadFailed", { reason: list.error.message })}
        </p>
      )}
      {list.data && shown.length === 0 && <EmptyState title={t("deliveryPage.empty")}>{t("deliveryPage.emptyHint")}</EmptyState>}
      {shown.length > 0 && (
        <div className={list.isPlaceholderData ? "opacity-60" : undefined} aria-busy={list.isPlaceholderData || undefined}>
          <DeliveryTable records={shown} caption={t("deliveryPage.caption", { first: search.offset + 1, last: search.offset + shown.length, count })} />
        </div>
      )}
      {shown.length > 0 && <StateLegend />}
      {list.data && count > 0 && (
        <Pager
          offset={search.offset}
          limit={search.limit}
          count={count}
          sizes={DELIVERY_PAGE_SIZES}
          sizeLabel={t("deliveryPage.pageSize")}
          onChange={(patch) => update(patch)}
        />
      )}
    </section>
  );
}
