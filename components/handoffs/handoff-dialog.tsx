"use client";
import { useState } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { useT } from "@/lib/i18n/client";
import { isHandoffable, toTarget, type DocView, type Target } from "@/components/documents/inbox-model";

/**
 * The question before a hand-off: how many documents go to their residents (those not yet archived are archived by
 * the hand-off), how many cannot (files of the whole property), and, when some went out before, "Erneut senden" as an explicit choice that
 * changes the answer's button. Rendered only while it asks (lazy-parts.tsx).
 */
export function HandoffDialog(props: {
  docs: DocView[];
  onCancel: () => void;
  onStart: (targets: Target[], again: boolean) => void;
}) {
  const t = useT();
  const [again, setAgain] = useState(false);
  const ready = props.docs.filter(isHandoffable);
  const property = props.docs.length - ready.length;
  const sentBefore = ready.filter((d) => d.handoff !== null && d.handoff.state !== "failed").length;
  const n = ready.length;
  return (
    <AlertDialog
      open
      onOpenChange={(open) => !open && props.onCancel()}
      title={n === 1 ? t("inbox.handoff.ask.title.one") : t("inbox.handoff.ask.title.other", { n })}
      description={
        <>
          <p>{t("inbox.handoff.ask.what")}</p>
          {property > 0 && <p>{t("inbox.handoff.ask.skipped", { n: property })}</p>}
          {sentBefore > 0 && <p className="font-medium">{t("inbox.handoff.ask.sentBefore", { n: sentBefore })}</p>}
        </>
      }
      cancelLabel={t("common.cancel")}
      actionLabel={again ? t("inbox.handoff.ask.actionAgain") : t("inbox.handoff.ask.action")}
      danger={again}
      onAction={() => props.onStart(ready.map(toTarget), again)}
    >
      {sentBefore > 0 && (
        <div className="mt-4 text-sm">
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              checked={again}
              onChange={(e) => setAgain(e.target.checked)}
              className="mt-0.5 h-4 w-4 accent-blue-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            />
            <span>{t("inbox.handoff.ask.again")}</span>
          </label>
          {again && <p className="mt-2 font-semibold text-red-800">{t("inbox.handoff.ask.againWarning")}</p>}
        </div>
      )}
    </AlertDialog>
  );
}
