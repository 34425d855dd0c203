"use client";
import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from "@tanstack/react-query";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterDisclosure } from "@/components/ui/filter-disclosure";
import { Pager } from "@/components/ui/pager";
import { useSetFilters } from "@/components/ui/search-limit";
import { HttpError } from "@/lib/client/fetch-json";
import { useSearchState } from "@/lib/client/use-search-state";
import { toQueryString, type Raw } from "@/lib/lists/params";
import { useT } from "@/lib/i18n/client";
import { DeliveryFilters, type SupportFilters } from "./delivery-filters";
import { DeliveryHeader } from "./delivery-nav";
import { useKnownConnections } from "./known-connections";

type Search<S extends string> = SupportFilters<S> & { offset: number; limit: number };

/** The count of what was found, and the CSV export of the same filters. */
function ListHead({ status, exportHref }: { status: string; exportHref: string }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="text-sm text-slate-800" data-testid="delivery-count">
        {status}
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
  );
}

/** The filters, folded away under a disclosure that counts the ones set; reset clears them all. */
function FiltersPanel<S extends string>(props: {
  filters: SupportFilters<S>;
  states: readonly S[];
  stateLabel: (state: S) => string;
  words: { qHint: string; from: string; to: string };
  properties?: string[];
  errors: Record<string, string>;
  onFilters: (filters: SupportFilters<S>) => void;
}) {
  const t = useT();
  const connections = useKnownConnections();
  const setFilters = useSetFilters()(Object.values(props.filters));
  // The disclosure is outside the form, which the URL's filters key: applying them keeps the filters unfolded.
  return (
    <FilterDisclosure label={t("deliveryPage.filters")} activeLabel={setFilters}>
      <DeliveryFilters
        key={JSON.stringify(props.filters)}
        search={props.filters}
        states={props.states}
        stateLabel={props.stateLabel}
        words={props.words}
        connections={connections}
        properties={props.properties}
        errors={props.errors}
        onApply={props.onFilters}
        onReset={() =>
          props.onFilters({
            q: undefined,
            state: undefined,
            connection: undefined,
            property: undefined,
            from: undefined,
            to: undefined,
          })
        }
      />
    </FilterDisclosure>
  );
}

/** What the search found: the error, the empty state, or this page's results and their legend. */
function ListResults<D>(props: {
  list: UseQueryResult<D, Error>;
  shown: number;
  empty: string;
  table: (data: D) => ReactNode;
  legend: ReactNode;
}) {
  const t = useT();
  const { list, shown } = props;
  return (
    <>
      {list.error && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {t("deliveryPage.loadFailed", { reason: list.error.message })}
        </p>
      )}
      {list.data && shown === 0 && <EmptyState title={props.empty}>{t("deliveryPage.emptyHint")}</EmptyState>}
      {list.data && shown > 0 && (
        <div
          className={list.isPlaceholderData ? "opacity-60" : undefined}
          aria-busy={list.isPlaceholderData || undefined}
        >
          {props.table(list.data)}
        </div>
      )}
      {shown > 0 && props.legend}
    </>
  );
}

/**
 * One of support's searchable lists (the delivery record, the outbox): filters and page in the
 * URL (read by the list's own reader), the count, the CSV export of the current filters, the
 * results and the pager. The list brings its query, states, words, table and legend.
 */
export function SupportList<
  S extends string,
  Q extends Search<S>,
  D extends { count: number },
  K extends QueryKey,
>(props: {
  read: (raw: Raw) => Q;
  defaults: Record<string, string | number>;
  query: (search: Q) => UseQueryOptions<D, Error, D, K>;
  /** How many entries this page of the answer holds. */
  shown: (data: D) => number;
  table: (data: D, search: Q) => ReactNode;
  states: readonly S[];
  stateLabel: (state: S) => string;
  words: { qHint: string; from: string; to: string; count: (count: number) => string; empty: string };
  exportPath: string;
  pageSizes: readonly number[];
  legend: ReactNode;
  /** The property filter's options, for a list that has one (the delivery record's). */
  properties?: string[];
}) {
  const t = useT();
  const [search, update] = useSearchState(props.read, props.defaults);
  const list = useQuery({ ...props.query(search), placeholderData: keepPreviousData });
  const shown = list.data ? props.shown(list.data) : 0;
  const { q, state, connection, property, from, to } = search;
  const filters = { q, state, connection, property, from, to };
  const query = toQueryString(filters);
  const errors = Object.fromEntries(
    list.error instanceof HttpError ? list.error.fields.map((f) => [f.path, f.message]) : [],
  );
  const count = list.data?.count ?? 0;

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DeliveryHeader />
      <FiltersPanel
        filters={filters}
        states={props.states}
        stateLabel={props.stateLabel}
        words={props.words}
        properties={props.properties}
        errors={errors}
        onFilters={(f) => update(f as Partial<Q>)}
      />
      <ListHead
        status={list.isPending ? t("deliveryPage.loading") : list.data ? props.words.count(count) : ""}
        exportHref={`${props.exportPath}${query ? `?${query}` : ""}`}
      />
      <ListResults
        list={list}
        shown={shown}
        empty={props.words.empty}
        table={(data) => props.table(data, search)}
        legend={props.legend}
      />
      {list.data && count > 0 && (
        <Pager
          offset={search.offset}
          limit={search.limit}
          count={count}
          sizes={props.pageSizes}
          sizeLabel={t("deliveryPage.pageSize")}
          onChange={(patch) => update(patch as Partial<Q>)}
        />
      )}
    </section>
  );
}
