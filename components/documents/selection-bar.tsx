"use client";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n/client";
import { isConfirmable, isHandoffable, type DocView } from "./inbox-model";

/**
 * Select all on the page, how many are selected, and confirming, handing off or clearing the selection (each action
 * takes the selected documents it can).
 */
export function SelectionBar(props: {
  selectable: number;
  selected: DocView[];
  onAll: (select: boolean) => void;
  onConfirm: () => void;
  onHandoff: () => void;
  onClear: () => void;
  onHelp: () => void;
}) {
  const t = useT();
  const all = props.selectable > 0 && props.selected.length === props.selectable;
  const n = props.selected.length;
  const confirmable = props.selected.filter(isConfirmable).length;
  const handoffable = props.selected.filter(isHandoffable).length;
  const some = n > 0 && !all;
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
        {t(n === 1 ? "inbox.select.count.one" : "inbox.select.count.other", { n })}
      </p>
      {n > 0 && (
        <>
          {confirmable > 0 && (
            <Button onClick={props.onConfirm}>{t("inbox.select.confirm", { n: confirmable })}</Button>
          )}
          {handoffable > 0 && (
            <Button variant="secondary" onClick={props.onHandoff}>
              {t("inbox.handoff.selection", { n: handoffable })}
            </Button>
          )}
          <Button variant="secondary" onClick={props.onClear}>
            {t("inbox.select.clear")}
          </Button>
        </>
      )}
      {/* Below `md` (a phone, a tablet upright) no keyboard is expected: the help's button is not shown; "?" opens it. */}
      <Button variant="secondary" className="ml-auto max-md:hidden" onClick={props.onHelp} aria-keyshortcuts="?">
        {t("inbox.keys.button")}
      </Button>
    </div>
  );
}
