"use client";
import { useId } from "react";

/** A labelled input; an error is tied to it with aria-describedby and aria-invalid. */
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
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.hint && hintId, props.error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        required={props.required}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        placeholder={props.placeholder}
        aria-describedby={describedBy}
        className="rounded border border-slate-300 bg-white px-3 py-2 aria-invalid:border-red-500"
      />
      {props.hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="text-sm text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}
