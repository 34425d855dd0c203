"use client";
import { useId, useState, type DragEvent } from "react";
import { useT } from "@/lib/i18n/client";

/**
 * Where files are chosen: the browser's own file picker (a labelled `<input type=file multiple>`,
 * reached with Tab and opened with Enter or Space), inside an area that also takes dropped files.
 * The input is emptied after each choice, so the same file can be chosen again.
 */
export function DropZone({
  onFiles,
  hint,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  hint: string;
  disabled: boolean;
}) {
  const t = useT();
  const id = useId();
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled && e.dataTransfer.files.length) onFiles([...e.dataTransfer.files]);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="outbox-drop"
      className={`flex flex-col gap-2 rounded border-2 border-dashed p-4 ${over ? "border-blue-700 bg-blue-50" : "border-slate-300 bg-white"}`}
    >
      <label htmlFor={id} className="font-medium text-slate-900">
        {t("outbox.pick")}
      </label>
      <input
        id={id}
        type="file"
        multiple
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length) onFiles(files);
        }}
        className="max-w-full text-sm file:mr-3 file:rounded file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-medium file:text-slate-800 hover:file:bg-slate-100"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
    </div>
  );
}
