"use client";
import { Button } from "@/components/ui/button";
import type { ImportReport } from "@/lib/views/units-page/client";
import { useT } from "@/lib/i18n/client";

export type HistoryMode = "merge" | "replace";

/**
 * After a check: where the file contradicts the stored tenancies of units that it would replace
 * cleanly, the offer to preview the file replacing them (`history=replace`); while that preview is
 * shown, what it means and the way back to merging. Nothing is applied from here.
 */
export function HistoryChoice(props: {
  report: ImportReport;
  history: HistoryMode;
  onChoose: (history: HistoryMode) => void;
}) {
  const t = useT();
  const { report, history, onChoose } = props;
  if (history === "merge" && !report.replaceable) return null;
  const replacing = history === "replace";
  return (
    <div
      className="flex flex-col items-start gap-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-slate-900"
      data-testid="import-history-choice"
    >
      <p>
        {replacing
          ? t("units.import.history.replacing")
          : t("units.import.history.offer", { n: report.replaceable ?? 0 })}
      </p>
      <Button type="button" variant="secondary" onClick={() => onChoose(replacing ? "merge" : "replace")}>
        {replacing ? t("units.import.history.merge") : t("units.import.history.preview")}
      </Button>
    </div>
  );
}
