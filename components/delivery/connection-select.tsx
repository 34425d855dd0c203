"use client";
import type { SelectHTMLAttributes } from "react";
import { useT } from "@/lib/i18n/client";
import type { KnownConnection } from "./known-connections";

/**
 * The connection filter of support's forms: every connection (name and owner; deleted ones
 * marked), plus the one the URL names when it is not among them, so a link never loses its filter.
 */
export function ConnectionSelect({
  connections,
  value,
  onValue,
  emptyLabel,
  ...control
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> & {
  connections: KnownConnection[];
  value: string;
  onValue: (id: string) => void;
  emptyLabel: string;
}) {
  const t = useT();
  const options =
    !value || connections.some((c) => c.id === value)
      ? connections
      : [...connections, { id: value, name: value, owner: "?" }];
  return (
    <select {...control} name="connection" value={value} onChange={(e) => onValue(e.target.value)}>
      <option value="">{emptyLabel}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {t(o.deleted ? "deliveryPage.connectionOptionDeleted" : "deliveryPage.connectionOption", {
            name: o.name,
            owner: o.owner,
          })}
        </option>
      ))}
    </select>
  );
}
