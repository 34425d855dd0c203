"use client";
import { Field } from "./field";

/** A labelled input; hint and error are tied to it (see Field). */
export function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  name?: string;
  autoComplete?: string;
  required?: boolean;
  error?: string;
  hint?: string;
  placeholder?: string;
}) {
  return (
    <Field label={props.label} hint={props.hint} error={props.error}>
      {(control) => (
        <input
          {...control}
          name={props.name}
          type={props.type ?? "text"}
          autoComplete={props.autoComplete}
          required={props.required}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          placeholder={props.placeholder}
          className="rounded border border-slate-300 bg-white px-3 py-2 aria-invalid:border-red-500"
        />
      )}
    </Field>
  );
}
