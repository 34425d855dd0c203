"use client";
import { useEffect, useRef } from "react";
import { HttpError } from "@/lib/client/fetch-json";

/** A 400's `fields` by path (`moveIn`, `resident.email`, …), as a form shows them beside its fields. */
export type FieldErrors = Partial<Record<string, string>>;

export const fieldErrorsOf = (error: unknown): FieldErrors =>
  error instanceof HttpError ? Object.fromEntries(error.fields.map((f) => [f.path, f.message])) : {};

/** The messages of paths no field of the form shows, so that none is lost. */
export const otherErrors = (fields: FieldErrors, shown: readonly string[]) =>
  Object.entries(fields).flatMap(([path, message]) => (shown.includes(path) || !message ? [] : [message]));

/**
 * After a refused save, the keyboard lands on the first field the server named (Field marks it
 * `aria-invalid`); the message beside it is read with it.
 */
export function useFocusFirstError<T extends HTMLElement>(error: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!error) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);
  return ref;
}
