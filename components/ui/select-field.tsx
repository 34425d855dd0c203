"use client";
import { Field } from "./field";

/** A labelled select; its error is tied to it (see Field). */
export function SelectField<T extends string>(props: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <Field label={props.label} error={props.error}>
      {(control) => (
        <select
          {...control}
          value={props.value}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value as T)}
          className="w-full min-w-0 rounded border border-slate-300 bg-white px-3 py-2 disabled:bg-slate-100"
        >
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
