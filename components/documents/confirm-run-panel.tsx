"use client";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { useT } from "@/lib/i18n/client";
import type { Target } from "./inbox-model";
import type { Outcome, OutcomeState } from "./use-confirm-run";

const TONES: Record<OutcomeState, BadgeTone> = { confirmed: "success", failed: "danger", unknown: "warning", pending: "warning" };

/** The run of a confirmation: its progress, then every document's outcome, and "retry failed". */
export function ConfirmRunPanel(props: {
  targets: Target[];
  outcomes: ReadonlyMap<string, Outcome>;
  running: boolean;
  onRetry: (failed: Target[]) => void;
  onClose: () => void;
}) {
  const t = useT();
  const { targets, outcomes, running } = props;
  const count = (s: OutcomeState) => targets.filter((x) => outcomes.get(x.key)?.state === s).length;
  const failed = targets.filter((x) => outcomes.get(x.key)?.state === "failed");
  return (
    <section aria-labelledby="confirm-run" className="flex flex-col gap-3 rounded border border-slate-300 bg-white p-4" data-testid="confirm-run">
      <div className="flex items-start justify-between gap-3">
        <h2 id="confirm-run" className="font-semibold">
          {t("inbox.run.title")}
        </h2>
        {!running && (
          <Button variant="secondary" onClick={props.onClose}>
            {t("common.close")}
          </Button>
        )}
      </div>
      <ProgressBar
        label={t("inbox.run.progressLabel")}
        value={outcomes.size}
        max={targets.length}
        text={t("inbox.run.progress", { done: outcomes.size, total: targets.length })}
      />
      <p role="status" className="text-sm font-medium text-slate-900">
        {!running && t("inbox.run.summary", { confirmed: count("confirmed"), failed: count("failed"), unknown: count("unknown") + count("pending") })}
      </p>
      <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm" aria-label={t("inbox.run.outcomes")}>
        {targets.map((x) => {
          const o = outcomes.get(x.key);
          return (
            <li key={x.key} className="flex flex-wrap items-baseline gap-2 py-1.5" data-testid="confirm-outcome">
              <span className="font-medium text-slate-900">{x.filename}</span>
              {o ? <Badge tone={TONES[o.state]}>{t(`inbox.run.state.${o.state}`)}</Badge> : <span className="text-slate-700">{t("inbox.run.waiting")}</span>}
              {o && o.state !== "confirmed" && (
                <span className="text-slate-800">{o.message ?? t(o.state === "failed" ? "inbox.run.failedHint" : "inbox.run.unknownHint")}</span>
              )}
            </li>
          );
        })}
      </ul>
      {!running && failed.length > 0 && (
        <div>
          <Button onClick={() => props.onRetry(failed)}>{t("inbox.run.retry", { n: failed.length })}</Button>
        </div>
      )}
    </section>
  );
}
