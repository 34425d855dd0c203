"use client";
import { Button } from "@/components/ui/button";
import { FileName } from "@/components/ui/file-name";
import { ProgressBar } from "@/components/ui/progress-bar";
import { WaitingNote } from "@/components/releases/waiting-note";
import type { Target } from "@/components/documents/inbox-model";
import { useT } from "@/lib/i18n/client";
import type { RunLine, RunPanelState } from "./panel-state";
import { RunPanelFrame } from "./run-panel-frame";

/**
 * A run's panel, of any kind (its words and badges: the kind, kind.ts): its progress ("x of n"), its state in words,
 * each document's outcome, and, where the page offers it, "retry failed". The same for the run this page started and
 * for one found after a reload; a run this page starts takes the focus once, so that its outcome is in view wherever
 * the button that started it was. While it runs it can be cancelled (the documents not begun are left out).
 */
export function RunPanel({
  run,
  docs = [],
  onRetry,
}: {
  run: RunPanelState;
  /** The page's documents, to name a line by its file when the record cannot. */
  docs?: { key: string; filename: string }[];
  onRetry?: (failed: Target[]) => void;
}) {
  const t = useT();
  const { kind, running } = run;
  const id = `${kind.name}-run`;
  const names = new Map(docs.map((d) => [d.key, d.filename]));
  const retry = kind.words.retry;
  return (
    <RunPanelFrame
      id={id}
      title={t(kind.words.title)}
      takesFocus={!run.found}
      actions={
        running ? (
          !run.cancelRequested && (
            <Button
              variant="secondary"
              onClick={() => {
                run.cancel();
                // The button goes: the focus stays in the panel, on its heading, rather than falling to the page.
                document.getElementById(id)?.focus({ preventScroll: true });
              }}
            >
              {t(kind.words.cancel)}
            </Button>
          )
        ) : (
          <Button variant="secondary" onClick={run.close}>
            {t("common.close")}
          </Button>
        )
      }
    >
      {running && (run.found || !kind.noteWhenFound) && <p className="text-sm text-slate-800">{t(kind.words.note)}</p>}
      {run.found && run.startedBy.length > 0 && (
        <p className="text-sm text-slate-700">{t("run.startedBy", { names: run.startedBy.join(", ") })}</p>
      )}
      <ProgressBar
        label={t(kind.words.progressLabel)}
        value={run.done}
        max={run.total}
        text={t(kind.words.progress, { done: run.done, total: run.total })}
      />
      <Status run={run} />
      {run.lines.length > 0 && (
        <ul className="max-h-64 divide-y divide-slate-100 overflow-auto text-sm" aria-label={t(kind.words.outcomes)}>
          {run.lines.map((line) => (
            <OutcomeItem key={line.key} run={run} line={line} name={line.name ?? names.get(line.key)} />
          ))}
        </ul>
      )}
      {!running && retry && onRetry && run.failed.length > 0 && (
        <div>
          <Button onClick={() => onRetry(run.failed)}>{t(retry, { n: run.failed.length })}</Button>
        </div>
      )}
    </RunPanelFrame>
  );
}

/** The run's state in words, for every user (a status): under way, cancel requested, or how it ended. */
function Status({ run }: { run: RunPanelState }) {
  const t = useT();
  const { kind, running, errors } = run;
  const words = kind.words;
  return (
    <p role="status" className="text-sm font-medium text-slate-900" data-testid={`${kind.name}-summary`}>
      {running && kind.announcesProgress && (
        <span className="sr-only">{t(words.progress, { done: run.done - run.cancelled, total: run.total })}</span>
      )}
      {running && run.cancelRequested && t(words.cancelling)}
      {running && errors.cancel !== null && words.cancelFailed && t(words.cancelFailed, { message: errors.cancel })}
      {errors.start !== null && words.failedToStart && t(words.failedToStart, { message: errors.start })}
      {run.waiting && <WaitingNote />}
      {!running && !run.waiting && run.count && t(words.summary, kind.summary(run.count))}
      {!running && run.cancelled > 0 && ` ${t(words.cancelled, { n: run.cancelled })}`}
      {!running && run.interrupted && ` ${t(words.interrupted)}`}
    </p>
  );
}

function OutcomeItem({ run, line, name }: { run: RunPanelState; line: RunLine; name: string | undefined }) {
  const t = useT();
  const { Badge } = run.kind;
  const { waiting } = run.kind.words;
  const detail = line.outcome ? run.kind.detail(line.outcome, t) : null;
  return (
    <li className="flex flex-wrap items-baseline gap-2 py-1.5" data-testid={`${run.kind.name}-outcome`}>
      <span className="font-medium text-slate-900">
        <FileName name={name ?? line.documentid} />
      </span>
      {line.outcome ? (
        <Badge state={line.outcome.state} />
      ) : (
        waiting && <span className="text-slate-700">{t(waiting)}</span>
      )}
      {detail && <span className="text-slate-800">{detail}</span>}
    </li>
  );
}
