"use client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useSearchLimit } from "@/components/ui/search-limit";
import { DELIVERY_FILTERS } from "@/lib/delivery/support/list";
import { useT } from "@/lib/i18n/client";
import { ConnectionSelect } from "./connection-select";
import type { KnownConnection } from "./known-connections";
import { PropertyField } from "./property-select";

const input = "w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm aria-invalid:border-red-500";

/**
 * The filters of support's lists: the delivery record's and the outbox's, each with its own states; the property is the
 * delivery record's.
 */
export type SupportFilters<S extends string> = {
  q?: string;
  state?: S;
  connection?: string;
  property?: string;
  from?: string;
  to?: string;
};
const FIELDS = ["q", "state", "connection", "property", "from", "to"] as const;
type FieldName = (typeof FIELDS)[number];

/** The state filter: any state, or one of the list's own. */
function StateField<S extends string>(props: {
  states: readonly S[];
  stateLabel: (state: S) => string;
  value: string;
  onValue: (state: string) => void;
  error?: string;
}) {
  const t = useT();
  return (
    <Field label={t("deliveryPage.state")} error={props.error}>
      {(c) => (
        <select
          {...c}
          name="state"
          value={props.value}
          onChange={(e) => props.onValue(e.target.value)}
          className={input}
        >
          <option value="">{t("deliveryPage.stateAll")}</option>
          {props.states.map((s) => (
            <option key={s} value={s}>
              {props.stateLabel(s)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * The form's draft: its fields start from the URL's filters; submit checks the search's length,
 * then hands the filters on.
 */
function useFiltersDraft<S extends string>(search: SupportFilters<S>, onApply: (filters: SupportFilters<S>) => void) {
  const [fields, setFields] = useState(
    () => Object.fromEntries(FIELDS.map((k) => [k, search[k] ?? ""])) as Record<FieldName, string>,
  );
  const set = (key: FieldName) => (value: string) => setFields((f) => ({ ...f, [key]: value }));
  const limit = useSearchLimit(DELIVERY_FILTERS.q.max);
  const [tooLong, setTooLong] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const error = limit.check(fields.q.trim());
    setTooLong(error);
    if (error) return;
    // A blank field is no filter.
    onApply(Object.fromEntries(FIELDS.map((k) => [k, fields[k].trim() || undefined])) as SupportFilters<S>);
  }

  return { fields, set, limit, tooLong, submit };
}

/** The connection filter and, where the list has one, the property filter. */
function ConnectionPropertyFields(props: {
  connections: KnownConnection[];
  properties?: string[];
  connection: string;
  property: string;
  onConnection: (value: string) => void;
  onProperty: (value: string) => void;
  errors: Record<string, string>;
}) {
  const t = useT();
  const properties = props.properties;
  // The selected connection stays an option even when no record on hand names it.
  return (
    <>
      <Field label={t("deliveryPage.connection")} error={props.errors.connection}>
        {(c) => (
          <ConnectionSelect
            {...c}
            connections={props.connections}
            value={props.connection}
            onValue={props.onConnection}
            emptyLabel={t("deliveryPage.connectionAll")}
            className={input}
          />
        )}
      </Field>
      {properties && (
        <PropertyField
          properties={properties}
          value={props.property}
          onValue={props.onProperty}
          emptyLabel={t("deliveryNames.propertyAll")}
          error={props.errors.property}
          className={input}
        />
      )}
    </>
  );
}

/** The period: its first and last day, each bounding the other. */
function DateRangeFields(props: {
  labels: { from: string; to: string };
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  errors: Record<string, string>;
}) {
  const { from, to } = props;
  return (
    <>
      <Field label={props.labels.from} error={props.errors.from}>
        {(c) => (
          <input
            {...c}
            type="date"
            name="from"
            value={from}
            max={to || undefined}
            onChange={(e) => props.onFrom(e.target.value)}
            className={input}
          />
        )}
      </Field>
      <Field label={props.labels.to} error={props.errors.to}>
        {(c) => (
          <input
            {...c}
            type="date"
            name="to"
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

/**
 * The search form: its fields start from the URL and go back to it on submit (the page keys
 * the form by the URL's filters, so back and forward refill it). `words` names what the list
 * searches and which day the period means.
 */
export function DeliveryFilters<S extends string>(props: {
  search: SupportFilters<S>;
  states: readonly S[];
  stateLabel: (state: S) => string;
  words: { qHint: string; from: string; to: string };
  connections: KnownConnection[];
  /** The property filter's options; without them the list has no such filter. */
  properties?: string[];
  errors: Record<string, string>;
  onApply: (filters: SupportFilters<S>) => void;
  onReset: () => void;
}) {
  const t = useT();
  const { fields, set, limit, tooLong, submit } = useFiltersDraft(props.search, props.onApply);
  const { q, state, connection, property, from, to } = fields;

  return (
    <form
      role="search"
      aria-label={t("deliveryPage.filters")}
      onSubmit={submit}
      className="grid gap-3 rounded border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className="sm:col-span-2">
        <Field
          label={t("deliveryPage.q")}
          hint={`${props.words.qHint} ${limit.hint}`}
          error={tooLong ?? props.errors.q}
        >
          {(c) => (
            <input
              {...c}
              type="search"
              name="q"
              value={q}
              onChange={(e) => set("q")(e.target.value)}
              className={input}
            />
          )}
        </Field>
      </div>
      <StateField
        states={props.states}
        stateLabel={props.stateLabel}
        value={state}
        onValue={set("state")}
        error={props.errors.state}
      />
      <ConnectionPropertyFields
        connections={props.connections}
        properties={props.properties}
        connection={connection}
        property={property}
        onConnection={set("connection")}
        onProperty={set("property")}
        errors={props.errors}
      />
      <DateRangeFields
        labels={props.words}
        from={from}
        to={to}
        onFrom={set("from")}
        onTo={set("to")}
        errors={props.errors}
      />
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
        <Button type="submit">{t("deliveryPage.apply")}</Button>
        <Button type="button" variant="secondary" onClick={props.onReset}>
          {t("deliveryPage.reset")}
        </Button>
      </div>
    </form>
  );
}
