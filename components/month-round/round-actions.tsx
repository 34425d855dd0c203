"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { StatusLine } from "@/components/ui/status-line";
import {
  monthRoundKeys,
  roundDocumentsQuery,
  type RoundDocument,
  type RoundProperty,
} from "@/lib/views/month-round/client";
import { useT } from "@/lib/i18n/client";
import { documentsOf, touches, type Step } from "./round-words";
import type { Scope } from "./use-month-runs";

/** The question before a step: what it does, how much it touches, what cannot be undone. */
function Question(props: { step: Step; scope: Scope; docs: RoundDocument[]; onCancel: () => void; onGo: () => void }) {
  const t = useT();
  const { step, docs } = props;
  const n = docs.length;
  const what = {
    confirm: "month.ask.confirmWhat",
    handOn: "month.ask.handOnWhat",
    both: "month.ask.bothWhat",
  } as const;
  return (
    <AlertDialog
      open
      onOpenChange={(open) => !open && props.onCancel()}
      title={t(`month.ask.${step}.title`, { n, property: props.scope.property })}
      description={
        <>
          <p>{t(what[step])}</p>
          <p className="font-medium" data-testid="round-touches">
            {t("month.ask.touches", touches(step, docs))}
          </p>
          {step !== "handOn" && <p className="font-semibold text-red-800">{t("month.ask.irreversibleConfirm")}</p>}
          {step !== "confirm" && <p className="font-semibold text-red-800">{t("month.ask.irreversibleHandOn")}</p>}
        </>
      }
      cancelLabel={t("common.cancel")}
      actionLabel={t(`month.ask.action.${step}`, { n })}
      onAction={props.onGo}
    />
  );
}

/**
 * A property's buttons for what is ready ("Alle bestätigen", "Alle weitergeben", "Bestätigen und weitergeben"): a
 * click reads the property-month's documents afresh, then asks. While a run of the page goes on they wait.
 */
export function RoundActions(props: {
  scope: Scope;
  row: RoundProperty;
  busy: boolean;
  onStart: (step: Step, docs: RoundDocument[]) => void;
}) {
  const t = useT();
  const client = useQueryClient();
  const { row, scope } = props;
  const [asking, setAsking] = useState<{ step: Step; docs: RoundDocument[] } | null>(null);
  const [note, setNote] = useState<{ tone: "info" | "error"; text: string } | null>(null);
  const ask = async (step: Step) => {
    if (props.busy) return;
    setNote({ tone: "info", text: t("month.action.loading") });
    try {
      const list = await client.fetchQuery({ ...roundDocumentsQuery(scope), staleTime: 0 });
      const docs = documentsOf(step, list.documents);
      if (docs.length === 0) {
        setNote({ tone: "info", text: t("month.action.nothing") });
        await client.invalidateQueries({ queryKey: monthRoundKeys.all });
        return;
      }
      setNote(null);
      setAsking({ step, docs });
    } catch (err) {
      setNote({ tone: "error", text: t("month.action.loadFailed", { reason: (err as Error).message }) });
    }
  };
  const steps: [Step, number][] = [
    ["confirm", row.toConfirm],
    ["handOn", row.toHandOn],
    ["both", row.toConfirmAndHandOn > 0 ? row.toConfirm + row.toHandOn : 0],
  ];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {steps
          .filter(([, n]) => n > 0)
          .map(([step, n]) => (
            <Button
              key={step}
              variant={step === "both" ? "primary" : "secondary"}
              aria-disabled={props.busy}
              className="aria-disabled:cursor-wait aria-disabled:opacity-70"
              onClick={() => void ask(step)}
            >
              {t(`month.action.${step}`, { n })}
            </Button>
          ))}
      </div>
      <StatusLine tone={note?.tone ?? "info"}>{note?.text}</StatusLine>
      {asking && (
        <Question
          step={asking.step}
          scope={scope}
          docs={asking.docs}
          onCancel={() => setAsking(null)}
          onGo={() => {
            setAsking(null);
            props.onStart(asking.step, asking.docs);
          }}
        />
      )}
    </div>
  );
}
