"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { StatusLine } from "@/components/ui/status-line";
import { errorCount, importUnits, unitsKeys, type ImportReport } from "@/lib/views/units-page/client";
import { formatBytes } from "@/lib/format";
import { useLocale, useT } from "@/lib/i18n/client";
import { MAX_REGISTER_BYTES } from "@/lib/register/limits";
import { FilePicker } from "./file-picker";
import { HistoryChoice, type HistoryMode } from "./history-choice";
import { ImportPreview } from "./import-preview";

type Phase = "idle" | "checking" | "checked" | "applying" | "applied";

/** The file, whether units the file leaves out go, and the check that starts it all. */
function ImportForm(props: {
  busy: boolean;
  fileName: string | null;
  replace: boolean;
  onFile: (file: File | null) => void;
  onReplace: (replace: boolean) => void;
  onCheck: () => void;
}) {
  const t = useT();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onCheck();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <FilePicker
        label={t("units.import.file")}
        hint={t("units.import.hint")}
        accept=".csv,.txt,text/csv,text/plain"
        fileName={props.fileName}
        disabled={props.busy}
        onFile={props.onFile}
      />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1"
          checked={props.replace}
          disabled={props.busy}
          onChange={(e) => props.onReplace(e.target.checked)}
        />
        <span>{t("units.import.replace")}</span>
      </label>
      <div>
        <Button type="submit" disabled={props.fileName === null || props.busy}>
          {t("units.import.check")}
        </Button>
      </div>
    </form>
  );
}

const changesOf = (report: ImportReport | null) => (report ? report.created + report.updated + report.deleted : 0);

/** What the panel announces in its live region for each phase. */
function statusText(t: ReturnType<typeof useT>, phase: Phase, report: ImportReport | null): string {
  if (phase === "checking") return t("units.import.checking");
  if (phase === "applying") return t("units.import.applying");
  if (!report) return "";
  if (phase === "applied")
    return t("units.import.applied", {
      created: report.created,
      updated: report.updated,
      deleted: report.deleted,
      errors: errorCount(report),
    });
  if (phase === "checked") return t("units.import.checked", { changes: changesOf(report), errors: errorCount(report) });
  return "";
}

/** After a check: what happens to rows with errors, and the one button that applies what was checked. */
function ApplyStep({ report, onApply }: { report: ImportReport; onApply: () => void }) {
  const t = useT();
  const changes = changesOf(report);
  return (
    <div className="flex flex-col gap-2">
      {report.errors.length > 0 && (
        <p className="text-sm text-slate-800">{t("units.import.errorsNote", { n: errorCount(report) })}</p>
      )}
      <div>
        <Button type="button" onClick={onApply} disabled={changes === 0}>
          {t("units.import.apply", { n: changes })}
        </Button>
      </div>
    </div>
  );
}

/**
 * Importing the register: choose the file, check it (the server's dry run), read what it would
 * change and every error by line and column, then apply. Where the file contradicts stored
 * tenancies, the user may check it again with the file replacing them (`history=replace`) and
 * apply that. Choosing another file starts over, so what is applied is always what was checked. A
 * file over the server's bound is not taken: the page says so at once, instead of after the upload
 * (which a slow line may end as a reset).
 */
export function ImportPanel() {
  const t = useT();
  const locale = useLocale();
  const queries = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const [history, setHistory] = useState<HistoryMode>("merge");
  const [phase, setPhase] = useState<Phase>("idle");
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const startOver = () => {
    setReport(null);
    setPhase("idle");
  };

  async function run(dryRun: boolean, mode = history) {
    if (!file) return;
    setError(null);
    setPhase(dryRun ? "checking" : "applying");
    try {
      const answer = await importUnits(file, { dryRun, replace, history: mode });
      setReport(answer);
      setPhase(dryRun ? "checked" : "applied");
      if (!dryRun) await queries.invalidateQueries({ queryKey: unitsKeys.all });
    } catch (err) {
      setError(t("units.import.failed", { reason: (err as Error).message }));
      setPhase("idle");
    }
  }

  return (
    <section
      aria-labelledby="units-import"
      className="flex flex-col gap-4 rounded border border-slate-200 bg-white p-4"
    >
      <h2 id="units-import" className="text-lg font-semibold">
        {t("units.import.title")}
      </h2>
      <ImportForm
        busy={phase === "checking" || phase === "applying"}
        fileName={file?.name ?? null}
        replace={replace}
        onFile={(f) => {
          const tooLarge = f !== null && f.size > MAX_REGISTER_BYTES;
          setFile(tooLarge ? null : f);
          setHistory("merge");
          setError(
            tooLarge
              ? t("units.import.tooLarge", {
                  name: f.name,
                  size: formatBytes(f.size, locale),
                  max: formatBytes(MAX_REGISTER_BYTES, locale),
                })
              : null,
          );
          startOver();
        }}
        onReplace={(r) => {
          setReplace(r);
          startOver();
        }}
        onCheck={() => void run(true)}
      />
      <StatusLine tone={phase === "applied" ? "success" : "info"}>{statusText(t, phase, report)}</StatusLine>
      {error && <StatusLine tone="error">{error}</StatusLine>}
      {phase === "checked" && report && (
        <HistoryChoice
          report={report}
          history={history}
          onChoose={(mode) => {
            setHistory(mode);
            void run(true, mode);
          }}
        />
      )}
      {report && <ImportPreview report={report} />}
      {phase === "checked" && report && <ApplyStep report={report} onApply={() => void run(false)} />}
    </section>
  );
}
