"use client";
import { useRef, useState, type ReactNode } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { useT } from "@/lib/i18n/client";

/**
 * A select whose change is weighty, made only after a question (a role that ends sessions, a move to another team).
 * It keeps showing the server's value until then, so cancelling changes nothing; the focus returns to it.
 */
export function AskedSelect<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: { value: T; label: string }[];
  disabled: boolean;
  question: (asked: T) => { title: string; description: ReactNode; action: string };
  onChange: (value: T) => void;
}) {
  const t = useT();
  const [asked, setAsked] = useState<T | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  const question = asked === null ? null : props.question(asked);
  return (
    <>
      <label className="sr-only" htmlFor={props.id}>
        {props.label}
      </label>
      <select
        ref={select}
        id={props.id}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => setAsked(e.target.value as T)}
        className="max-w-48 rounded border border-slate-300 bg-white px-2 py-1"
      >
        {/* Each option's words in `label`, not as text: a row found by its text (a user's address) is not found
            again through a team named like another user's address. */}
        {props.options.map((o) => (
          <option key={o.value} value={o.value} label={o.label} />
        ))}
      </select>
      <AlertDialog
        open={question !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={question?.title ?? ""}
        description={question?.description}
        cancelLabel={t("common.cancel")}
        actionLabel={question?.action ?? ""}
        onAction={() => asked !== null && props.onChange(asked)}
        returnFocus={select}
      />
    </>
  );
}
