"use client";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { HttpError } from "@/lib/client/fetch-json";
import { completenessQuery } from "@/lib/views/completeness/client";
import { useSearchState } from "@/lib/client/use-search-state";
import { readCompletenessSearch, type CompletenessSearch } from "@/lib/views/completeness/list";
import { useDisplay, useT } from "@/lib/i18n/client";
import { ConnectionSelect } from "./connection-select";
import { CompletenessGrid, Legend } from "./completeness-grid";
import { completenessInput } from "./completeness-search";
import { DeliveryHeader } from "./delivery-nav";
import { useKnownConnections } from "./known-connections";
import { PropertyField, useKnownProperties } from "./property-select";

const NO_DEFAULTS = {};
const input = "w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm aria-invalid:border-red-500";

/** The scope's first and last month, each bounding the other. */
function MonthRangeFields(props: {
  from: string;
  to: string;
  onFrom: (v: string) => void;
  onTo: (v: string) => void;
  errors: Record<string, string>;
}) {
  const t = useT();
  const { from, to } = props;
  return (
    <>
      <Field label={t("completeness.from")} error={props.errors.from}>
        {(c) => (
          <input
            {...c}
            type="month"
            name="from"
            required
            value={from}
            max={to || undefined}
            onChange={(e) => props.onFrom(e.target.value)}
            className={input}
          />
        )}
      </Field>
      <Field label={t("completeness.to")} error={props.errors.to}>
        {(c) => (
          <input
            {...c}
            type="month"
            name="to"
            required
            value={to}
            min={from || undefined}
            onChange={(e) => props.onTo(e.target.value)}
            className={input}
          />
        )}
      </Field>
    </>
  );
}

function ScopeForm(props: {
  search: CompletenessSearch;
  from: string;
  to: string;
  errors: Record<string, string>;
  onApply: (s: CompletenessSearch) => void;
}) {
  const t = useT();
  const connections = useKnownConnections();
  const properties = useKnownProperties();
  const [connection, setConnection] = useState(props.search.connection ?? "");
  const [property, setProperty] = useState(props.search.property ?? "");
  const [propertymanagement, setPropertymanagement] = useState(props.search.propertymanagement ?? "");
  const [from, setFrom] = useState(props.from);
  const [to, setTo] = useState(props.to);
  function submit(e: FormEvent) {
    e.preventDefault();
    props.onApply({
      connection: connection || undefined,
      property: property || undefined,
      propertymanagement: propertymanagement.trim() || undefined,
      from: from || undefined,
      to: to || undefined,
    });
  }
  return (
    <form
      aria-label={t("deliveryPage.filters")}
      onSubmit={submit}
      className="grid gap-3 rounded border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <Field label={t("deliveryPage.connection")} error={props.errors.connection}>
        {(c) => (
          <ConnectionSelect
            {...c}
            connections={connections}
            value={connection}
            onValue={setConnection}
            emptyLabel={t("completeness.scopeNone")}
            className={input}
          />
        )}
      </Field>
      <PropertyField
        properties={properties}
        value={property}
        onValue={setProperty}
        emptyLabel={t("completeness.scopeNone")}
        hint={t("completeness.propertyHint")}
        error={props.errors.property}
        className={input}
      />
      <Field
        label={t("completeness.propertymanagement")}
        hint={t("completeness.propertymanagementHint")}
        error={props.errors.propertymanagement}
      >
        {(c) => (
          <input
            {...c}
            name="propertymanagement"
            value={propertymanagement}
            onChange={(e) => setPropertymanagement(e.target.value)}
            className={input}
          />
        )}
      </Field>
      <MonthRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} errors={props.errors} />
      <div className="flex items-end">
        <Button type="submit">{t("completeness.show")}</Button>
      </div>
    </form>
  );
}

/**
 * The completeness grid of a connection, property and/or property management: which unit got its document for which
 * month, by property.
 */
export function CompletenessView() {
  const t = useT();
  const [search, update] = useSearchState(readCompletenessSearch, NO_DEFAULTS);
  const scope = completenessInput(search, useDisplay().timeZone);
  const grid = useQuery({
    ...completenessQuery(scope.ready ? scope.input : { from: scope.from, to: scope.to }),
    enabled: scope.ready,
  });
  const errors = Object.fromEntries(
    grid.error instanceof HttpError ? grid.error.fields.map((f) => [f.path, f.message]) : [],
  );
  const missing = grid.data?.units.reduce((n, u) => n + u.cells.filter((c) => c === "missing").length, 0) ?? 0;

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <DeliveryHeader />
      <p className="text-sm text-slate-700">{t("completeness.intro")}</p>
      <ScopeForm
        key={JSON.stringify(search)}
        search={search}
        from={scope.from}
        to={scope.to}
        errors={errors}
        onApply={(s) => update(s)}
      />
      <Legend />
      <p role="status" className="text-sm text-slate-800" data-testid="completeness-summary">
        {!scope.ready
          ? ""
          : grid.isPending
            ? t("completeness.loading")
            : grid.data
              ? t("completeness.summary", { units: grid.data.units.length, missing })
              : ""}
      </p>
      {!scope.ready && <EmptyState title={t("completeness.chooseScope")} />}
      {grid.error && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {t("completeness.loadFailed", { reason: grid.error.message })}
        </p>
      )}
      {grid.data && grid.data.units.length === 0 && <EmptyState title={t("completeness.empty")} />}
      {grid.data && grid.data.units.length > 0 && (
        <CompletenessGrid data={grid.data} proofConnection={search.connection} />
      )}
    </section>
  );
}
