"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FileName } from "@/components/ui/file-name";
import { ProgressBar } from "@/components/ui/progress-bar";
import { inboxKeys } from "@/lib/client/queries";
import type { HandoffLine, HandoffRunView } from "@/lib/client/types";
import { useT } from "@/lib/i18n/client";
import { docKey, type DocView } from "@/components/documents/inbox-model";
import { RunPanelFrame } from "@/components/documents/run-panel-frame";
import { handoffRunQuery, useCancelHandoffRun, type HandoffPanelState } from "./use-handoff-run";

/** How often a running hand-off's record is read again. */
const POLL_MS = 1000;

const TONES = { sent: "success", failed: "danger", skipped: "warning" } as const;

/**
 * A hand-off's progress ("x von n") and each document's outcome with the reason of a skipped or
 * failed one, read from the run's record while it runs: the same for the run this page started and
 * for one found after a reload. While it runs it can be cancelled (the documents not begun are not
 * handed on). Its end reads the inbox again (the documents' hand-off states).
 */
export function HandoffRunPanel({
  run,
  docs,
  onClose,
}: {
  run: HandoffPanelState;
  docs: DocView[];
  onClose: () => void;
}) {
  const t = useT();
  const client = useQueryClient();
  const record = useQuery({
    ...handoffRunQuery(run.id ?? ""),
    enabled: run.id !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.finishedAt !== null ? false : POLL_MS),
  });
  const data = record.data;
  const running = run.error === null && (data === undefined || data.finishedAt === null);
  const stop = useCancelHandoffRun(run.id);
  const cancelRequested = stop.requested || data?.cancelRequested === true;
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void client.invalidateQueries({ queryKey: inboxKeys.all });
    wasRunning.current = running;
  }, [running, client]);

  const lines = data?.lines ?? [];
  // A document is named by its file: as the record names it, else as this page does; by its id only when neither can.
  const names = new Map(docs.map((d) => [d.key, d.filename]));
  const total = data?.total ?? run.total;
  const cancelled = data?.cancelled ?? 0;
  return (
    <RunPanelFrame
      id="handoff-run"
      title={t("inbox.handoff.run.title")}
      takesFocus={!run.found}
      actions={
        <RunActions
          running={running}
          canCancel={run.id !== null && !cancelRequested}
          onCancel={stop.cancel}
          onClose={onClose}
        />
      }
    >
      {running && <p className="text-sm text-slate-800">{t("inbox.handoff.run.goesOn")}</p>}
      <ProgressBar
        label={t("inbox.handoff.run.progressLabel")}
        value={lines.length + cancelled}
        max={total}
        text={t("inbox.handoff.run.progress", { done: lines.length + cancelled, total })}
      />
      <Summary
        running={running}
        done={lines.length}
        total={total}
        cancelRequested={cancelRequested}
        errors={{ start: run.error, cancel: stop.error }}
        data={data}
      />
      {lines.length > 0 && (
        <ul
          className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm"
          aria-label={t("inbox.handoff.run.outcomes")}
        >
          {lines.map((line) => (
            <OutcomeItem
              key={docKey(line.connectionId, line.documentid)}
              line={line}
              name={names.get(docKey(line.connectionId, line.documentid))}
            />
          ))}
        </ul>
      )}
    </RunPanelFrame>
  );
}

/** "Weitergabe abbrechen" while the run goes on (once asked, it is gone), "Schließen" once it has ended. */
function RunActions(props: { running: boolean; canCancel: boolean; onCancel: () => void; onClose: () => void }) {
  const t = useT();
  if (!props.running)
    return (
      <Button variant="secondary" onClick={props.onClose}>
        {t("common.close")}
      </Button>
    );
  return (
    props.canCancel && (
      <Button
        variant="secondary"
        onClick={() => {
          props.onCancel();
          // The button goes: the focus stays in the panel, on its heading, rather than falling to the page.
          document.getElementById("handoff-run")?.focus({ preventScroll: true });
        }}
      >
        {t("inbox.handoff.run.cancel")}
      </Button>
    )
  );
}

/** The run's state in words, for every user (a status): under way, cancel requested, or how it ended. */
function Summary(props: {
  running: boolean;
  done: number;
  total: number;
  cancelRequested: boolean;
  errors: { start: string | null; cancel: string | null };
  data: HandoffRunView | undefined;
}) {
  const t = useT();
  const { running, data, errors } = props;
  const cancelled = data?.cancelled ?? 0;
  return (
    <p role="status" className="text-sm font-medium text-slate-900" data-testid="handoff-summary">
      {running && (
        <span className="sr-only">{t("inbox.handoff.run.progress", { done: props.done, total: props.total })}</span>
      )}
      {running && props.cancelRequested && t("inbox.handoff.run.cancelling")}
      {running && errors.cancel !== null && t("inbox.handoff.run.cancelFailed", { message: errors.cancel })}
      {errors.start !== null && t("inbox.handoff.run.failedToStart", { message: errors.start })}
      {!running &&
        data &&
        t("inbox.handoff.run.summary", { sent: data.sent, failed: data.failed, skipped: data.skipped })}
      {!running && cancelled > 0 && ` ${t("inbox.handoff.run.cancelled", { n: cancelled })}`}
      {!running && data?.ended === "instance_ended" && ` ${t("inbox.handoff.run.interrupted")}`}
    </p>
  );
}

function OutcomeItem({ line, name }: { line: HandoffLine; name: string | undefined }) {
  const t = useT();
  return (
    <li className="flex flex-wrap items-baseline gap-2 py-1.5" data-testid="handoff-outcome">
      <span className="font-medium text-slate-900">
        <FileName name={line.filename ?? name ?? line.documentid} />
      </span>
      <Badge tone={TONES[line.state]}>{t(`inbox.handoff.run.line.${line.state}`)}</Badge>
      {line.message && <span className="text-slate-800">{line.message}</span>}
    </li>
  );
}
