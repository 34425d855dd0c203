"use client";
import { FileName } from "@/components/ui/file-name";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { StateBadge } from "@/components/ui/state-badge";
import { useT } from "@/lib/i18n/client";
import type { Target } from "./inbox-model";
import { RunPanelFrame } from "./run-panel-frame";
import type { OutcomeState, RunPanelState } from "./use-confirm-run";

/** An outcome as the document's state, in the words of every page: a cancelled one was never claimed, so it is open. */
const stateOf = (outcome: OutcomeState) => (outcome === "cancelled" ? "open" : outcome);

/**
 * The run of a confirmation: its progress, then every document's outcome, and "retry failed"; a
 * run found on the server (the page was reloaded) with its counts. A run this page starts takes
 * the focus once, so that its outcome is in view wherever the confirm button was.
 */
export function ConfirmRunPanel({ run, onRetry }: { run: RunPanelState; onRetry: (failed: Target[]) => void }) {
  const t = useT();
  const { targets, outcomes, tally, running } = run;
  const failed = targets.filter((x) => outcomes.get(x.key)?.state === "failed");
  return (
    <RunPanelFrame
      id="confirm-run"
      title={t("inbox.run.title")}
      takesFocus={!run.found}
      actions={
        <>
          {running && !run.cancelRequested && (
            <Button variant="secondary" onClick={run.cancel}>
              {t("inbox.run.cancel")}
            </Button>
          )}
          {!running && (
            <Button variant="secondary" onClick={run.close}>
              {t("common.close")}
            </Button>
          )}
        </>
      }
    >
      {run.found && running && <p className="text-sm text-slate-800">{t("inbox.run.found")}</p>}
      <ProgressBar
        label={t("inbox.run.progressLabel")}
        value={tally.done}
        max={tally.total}
        text={t("inbox.run.progress", { done: tally.done, total: tally.total })}
      />
      <p role="status" className="text-sm font-medium text-slate-900">
        {running && run.cancelRequested && t("inbox.run.cancelling")}
        {!running &&
          t("inbox.run.summary", { confirmed: tally.confirmed, failed: tally.failed, unknown: tally.unknown })}
        {!running && tally.cancelled > 0 && ` ${t("inbox.run.cancelledSummary", { n: tally.cancelled })}`}
        {!running && run.interrupted && ` ${t("inbox.run.interrupted")}`}
      </p>
      {targets.length > 0 && (
        <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm" aria-label={t("inbox.run.outcomes")}>
          {targets.map((x) => {
            const o = outcomes.get(x.key);
            return (
              <li key={x.key} className="flex flex-wrap items-baseline gap-2 py-1.5" data-testid="confirm-outcome">
                <span className="font-medium text-slate-900">
                  <FileName name={x.filename} />
                </span>
                {o ? (
                  <StateBadge state={stateOf(o.state)} />
                ) : (
                  <span className="text-slate-700">{t("inbox.run.waiting")}</span>
                )}
                {o && o.state !== "confirmed" && o.state !== "cancelled" && (
                  <span className="text-slate-800">
                    {o.message ?? t(o.state === "failed" ? "inbox.run.failedHint" : "inbox.run.unknownHint")}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!running && failed.length > 0 && (
        <div>
          <Button onClick={() => onRetry(failed)}>{t("inbox.run.retry", { n: failed.length })}</Button>
        </div>
      )}
    </RunPanelFrame>
  );
}
