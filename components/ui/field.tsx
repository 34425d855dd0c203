"use client";
import { useId, type ReactNode } from "react";

/** The ARIA attributes a field's control carries so its hint and error are read with it. */
export type ControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/**
 * A label, the control, an optional hint and an optional error, tied together by ids: the control
 * gets aria-describedby (hint, error) and aria-invalid when there is an error.
 */
export function Field(props: {
  label: string;
  hint?: string;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [props.hint && hintId, props.error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      {props.children({ id, "aria-invalid": props.error ? true : undefined, "aria-describedby": describedBy })}
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
