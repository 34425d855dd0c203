"use client";
import { useQuery } from "@tanstack/react-query";
import { Field } from "@/components/ui/field";
import { deliveryPropertiesQuery } from "@/lib/delivery/support/client";
import { useT } from "@/lib/i18n/client";

/** Every register's property names (`GET /api/delivery/properties`, prefetched with the page). */
export function useKnownProperties(): string[] {
  return useQuery(deliveryPropertiesQuery()).data ?? EMPTY;
}

const EMPTY: string[] = [];

/**
 * The labelled property filter of support's forms (the delivery record's, the grid's): the property
 * names of every manager's unit register, plus the one the URL names when no register has it (any
 * more), so a link never loses its filter.
 */
export function PropertyField(props: {
  properties: string[];
  value: string;
  onValue: (name: string) => void;
  emptyLabel: string;
  hint?: string;
  error?: string;
  className: string;
}) {
  const t = useT();
  const { properties, value } = props;
  const options = !value || properties.includes(value) ? properties : [...properties, value];
  return (
    <Field label={t("deliveryNames.property")} hint={props.hint} error={props.error}>
      {(c) => (
        <select
          {...c}
          name="property"
          value={value}
          onChange={(e) => props.onValue(e.target.value)}
          className={props.className}
        >
          <option value="">{props.emptyLabel}</option>
          {options.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
