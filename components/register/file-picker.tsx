"use client";
import { useId } from "react";
import { buttonClass } from "@/components/ui/button";
import { useT } from "@/lib/i18n/client";

/**
 * A file field in the page's language. The browser's own control speaks the browser's language
 * ("Choose File"), so the native input is only visually hidden: Tab still reaches it, Space or
 * Enter opens the chooser, and screen readers and tests find it by the field's label. What shows
 * is its label made to look like a button (with the input's keyboard focus ring) and the chosen
 * file's name beside it.
 */
export function FilePicker(props: {
  label: string;
  hint: string;
  accept: string;
  fileName: string | null;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-medium">
        {props.label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={`${id}-file`}
          type="file"
          accept={props.accept}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-chosen ${id}-hint`}
          disabled={props.disabled}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Emptied at once (the name shows beside it): the corrected file of the same name,
            // chosen again, is a change too; a cancelled chooser keeps the file chosen before.
            e.target.value = "";
            if (file) props.onFile(file);
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={`${id}-file`}
          className={`${buttonClass("secondary")} cursor-pointer peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700 peer-disabled:cursor-not-allowed peer-disabled:text-slate-400`}
        >
          {t("units.import.choose")}
        </label>
        <span id={`${id}-chosen`} data-testid="chosen-file" className="text-sm [overflow-wrap:anywhere] text-slate-800">
          {props.fileName ?? t("units.import.noFile")}
        </span>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {props.hint}
      </p>
    </div>
  );
}
