"use client";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n/client";

/** Select all on the page, how many are selected, and confirming or clearing the selection. */
export function SelectionBar(props: {
  selectable: number;
  selected: number;
  onAll: (select: boolean) => void;
  onConfirm: () => void;
  onClear: () => void;
  onHelp: () => void;
}) {
  const t = useT();
  const all = props.selectable > 0 && props.selected === props.selectable;
  const some = props.selected > 0 && !all;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded border border-slate-200 bg-white px-3 py-2 text-sm">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={all}
          ref={(el) => {
            if (el) el.indeterminate = some;
          }}
          disabled={props.selectable === 0}
          onChange={() => props.onAll(!all)}
          className="h-4 w-4 accent-blue-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        />
        {t("inbox.select.all")}
      </label>
      <p aria-live="polite" className="text-slate-800" data-testid="selection-count">
        {t(props.selected === 1 ? "inbox.select.count.one" : "inbox.select.count.other", { n: props.selected })}
      </p>
      {props.selected > 0 && (
        <>
          <Button onClick={props.onConfirm}>{t("inbox.select.confirm", { n: props.selected })}</Button>
          <Button variant="secondary" onClick={props.onClear}>
            {t("inbox.select.clear")}
          </Button>
        </>
      )}
      <Button variant="secondary" className="ml-auto" onClick={props.onHelp} aria-keyshortcuts="?">
        {t("inbox.keys.button")}
      </Button>
    </div>
  );
}
