"use client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FilterDisclosure } from "@/components/ui/filter-disclosure";
import { useSearchLimit, useSetFilters } from "@/components/ui/search-limit";
import { SelectField } from "@/components/ui/select-field";
import type { Connection } from "@/lib/connections/client";
import { INBOX_LIST, INBOX_VIEW, type InboxSearch } from "@/lib/views/inbox/list";
import { useT } from "@/lib/i18n/client";

type Filters = Pick<InboxSearch, "connection" | "month" | "state" | "q" | "property">;

/** The inbox's search box, sent on submit; too long a term is kept and explained, not sent. */
function SearchForm(props: { q: string | undefined; onSearch: (q: string | undefined) => void }) {
  const t = useT();
  const limit = useSearchLimit(INBOX_LIST.q.max);
  const [tooLong, setTooLong] = useState<string | undefined>();
  return (
    <form
      className="flex max-w-2xl min-w-0 flex-1 basis-[min(100%,24rem)] items-start gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const q = String(new FormData(e.currentTarget).get("q") ?? "").trim();
        const error = limit.check(q);
        setTooLong(error);
        if (!error) props.onSearch(q || undefined);
      }}
    >
      <div className="min-w-0 flex-1">
        <Field
          label={t("inbox.filters.search")}
          hint={`${t("inbox.filters.searchHint")} ${limit.hint}`}
          error={tooLong}
        >
          {(control) => (
            // Keyed by the URL's value: back and forward show what that view searched for.
            <input
              {...control}
              key={props.q ?? ""}
              name="q"
              type="search"
              defaultValue={props.q ?? ""}
              className="w-full rounded border border-slate-300 bg-white px-3 py-2"
            />
          )}
        </Field>
      </div>
      {/* Beside the field, below its label (text-sm line and gap: 1.5rem). */}
      <Button type="submit" variant="secondary" className="mt-6">
        {t("inbox.filters.searchButton")}
      </Button>
    </form>
  );
}

/** The inbox's selects and month: connection, property (where there are any, or one is set), month and state. */
function SelectFilters(props: {
  search: Filters;
  connections: Connection[];
  properties: string[];
  onChange: (patch: Partial<Filters>) => void;
}) {
  const { search, connections, onChange } = props;
  const t = useT();
  return (
    <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[repeat(auto-fill,minmax(12rem,1fr))]">
      <SelectField
        label={t("inbox.filters.connection")}
        value={search.connection ?? ""}
        options={[
          { value: "", label: t("inbox.filters.allConnections") },
          ...connections.map((c) => ({ value: c.id, label: c.name })),
        ]}
        onChange={(v) => onChange({ connection: v || undefined })}
      />
      {(props.properties.length > 0 || search.property) && (
        <SelectField
          label={t("inbox.filters.property")}
          value={search.property ?? ""}
          options={[
            { value: "", label: t("inbox.filters.allProperties") },
            ...props.properties.map((p) => ({ value: p, label: p })),
          ]}
          onChange={(v) => onChange({ property: v || undefined })}
        />
      )}
      <Field label={t("inbox.filters.month")}>
        {(control) => (
          <input
            {...control}
            type="month"
            value={search.month ?? ""}
            onChange={(e) => onChange({ month: e.target.value || undefined })}
            className="rounded border border-slate-300 bg-white px-3 py-1.5"
          />
        )}
      </Field>
      <SelectField
        label={t("inbox.filters.state")}
        value={search.state}
        options={INBOX_VIEW.state.values.map((s) => ({
          value: s,
          label: t(s === "all" ? "inbox.state.all" : `state.${s}`),
        }))}
        onChange={(v) => onChange({ state: v })}
      />
    </div>
  );
}

/** Filters of the inbox; every change goes to the URL (the search box on submit). */
export function InboxFilters(props: {
  search: Filters;
  connections: Connection[];
  properties: string[];
  onChange: (patch: Partial<Filters>) => void;
}) {
  const { search, connections, onChange } = props;
  const t = useT();
  const setFilters = useSetFilters()([
    search.connection,
    search.month,
    search.q,
    search.state !== "open",
    search.property,
  ]);
  return (
    <FilterDisclosure label={t("inbox.filters.title")} activeLabel={setFilters}>
      {/* The selects side by side, as many columns of at least 12rem as fit (a free one stays empty;
          on a phone one column, which its controls may not widen), the search in a row of its own
          below them: with or without the property filter, at any width, it keeps room. */}
      <div
        role="search"
        aria-label={t("inbox.filters.title")}
        className="flex flex-col gap-3 rounded border border-slate-200 bg-white p-3"
      >
        <SelectFilters search={search} connections={connections} properties={props.properties} onChange={onChange} />
        <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
          <SearchForm q={search.q} onSearch={(q) => onChange({ q })} />
          {setFilters && (
            <Button
              variant="secondary"
              className="sm:mt-6"
              onClick={() =>
                onChange({ connection: undefined, month: undefined, q: undefined, state: "open", property: undefined })
              }
            >
              {t("inbox.filters.reset")}
            </Button>
          )}
        </div>
      </div>
    </FilterDisclosure>
  );
}
