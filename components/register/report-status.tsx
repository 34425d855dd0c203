"use client";
import { Badge } from "@/components/ui/badge";
import type { Unit } from "@/lib/views/units-page/client";
import { formatDateTime } from "@/lib/format";
import { useDisplay, useLocale, useT } from "@/lib/i18n/client";
import { explainReport, type ExplainAction } from "@/lib/onsite-roles/explain";
import { formatDay, unitName } from "./tenancy-history";
import type { RowDialog } from "./row-dialog";

type Report = Unit["reports"][number];
/** Attempts of an `unknown` report before it waits for a change (lib/onsite-roles/store.ts). */
const MAX_ATTEMPTS = 5;
const LINK = "text-left text-blue-800 underline underline-offset-2";

/** What the provider's answer means and what fixes it: a button opening the field, or a link to the connection. */
function FixAction({ action, unit, onOpen }: { action: ExplainAction; unit: Unit; onOpen: (d: RowDialog) => void }) {
  const t = useT();
  if (action.kind === "connection")
    return (
      <a href={`/connections/${action.connectionId}`} className="text-blue-800 underline underline-offset-2">
        {t("reports.explain.connection")}
      </a>
    );
  if (action.kind === "edit")
    return (
      <button type="button" className={LINK} onClick={() => onOpen({ kind: "edit", unit })}>
        {t("reports.explain.edit", { unit: unitName(unit) })}
      </button>
    );
  const tenancy = unit.tenancies.find((x) => x.id === action.tenancyId);
  if (!tenancy) return null;
  return (
    <button type="button" className={LINK} onClick={() => onOpen({ kind: "correct", unit, tenancy })}>
      {t("reports.explain.enterMoveIn", { name: action.name })}
    </button>
  );
}

/**
 * The provider's messages explained (lib/onsite-roles/explain.ts): what each means and what to
 * do, with the field that fixes it, and the provider's code beside it. The provider's own (stored)
 * text is shown only for a code the table does not know.
 */
function ProviderMessages(props: { report: Report; unit: Unit; onOpen: (d: RowDialog) => void }) {
  const { report, unit, onOpen } = props;
  const t = useT();
  const explained = explainReport(report, unit);
  if (explained.length === 0) return null;
  return (
    <ul aria-label={t("reports.explain.label")} className="mt-1 flex flex-col gap-1">
      {explained.map((e) => {
        const text = e.known ? "" : (report.messages?.find((m) => m.shortmessage.trim() === e.code)?.message ?? "");
        return (
          <li key={`${e.type}:${e.code}`} data-testid="report-message" data-code={e.code} className="text-xs">
            <p data-testid="report-explanation" className={e.type === "error" ? "text-red-900" : "text-slate-800"}>
              {e.sentences.map((s) => t(s.key, s.vars)).join(" ")}
            </p>
            <p className="text-slate-600">
              {t("reports.explain.code")}{" "}
              <code className="rounded bg-slate-100 px-1 font-mono text-slate-900">{e.code}</code>
            </p>
            {text && <p className="text-slate-600">{t("reports.explain.providerText", { text })}</p>}
            {e.action && <FixAction action={e.action} unit={unit} onOpen={onOpen} />}
          </li>
        );
      })}
    </ul>
  );
}

/** One report in words: accepted (with its transaction id), pending, no answer, or refused with the codes. */
function ReportLine(props: {
  report: Report;
  connection: string | undefined;
  unit: Unit;
  onOpen: (dialog: RowDialog) => void;
}) {
  const { report, connection } = props;
  const t = useT();
  const display = useDisplay();
  const locale = useLocale();
  const at = (iso: string) => formatDateTime(iso, display);
  let sentence: string;
  if (report.state === "accepted") sentence = t("reports.accepted", { at: at(report.at) });
  else if (report.state === "pending") sentence = t("reports.pending");
  else if (report.state === "unknown")
    sentence = report.retrying
      ? t("reports.retrying", { attempts: report.attempts, max: MAX_ATTEMPTS })
      : t("reports.gaveUp", { max: MAX_ATTEMPTS });
  else if (report.status === 401 || report.status === 403)
    sentence = t("reports.rejectedAuth", { status: report.status });
  else sentence = t("reports.rejected");
  return (
    <li data-testid="report" data-state={report.state} className="text-sm">
      {connection && <div className="text-xs font-medium text-slate-700">{connection}</div>}
      <div className={report.state === "rejected" ? "text-red-900" : undefined}>{sentence}</div>
      {report.state === "accepted" && report.transactionid && (
        <div className="font-mono text-xs [overflow-wrap:anywhere] text-slate-600">
          {t("reports.transaction", { id: report.transactionid })}
        </div>
      )}
      {report.state !== "accepted" && report.acceptedAt && (
        <div className="text-xs text-slate-600">{t("reports.lastAccepted", { at: at(report.acceptedAt) })}</div>
      )}
      {(report.state === "rejected" || (report.messages?.length ?? 0) > 0) && (
        <ProviderMessages report={report} unit={props.unit} onOpen={props.onOpen} />
      )}
      {report.dueBy && (
        <div className="mt-0.5">
          <Badge tone={report.overdue ? "danger" : "warning"}>
            {t(report.overdue ? "reports.overdue" : "reports.dueBy", { day: formatDay(report.dueBy, locale) })}
          </Badge>
        </div>
      )}
    </li>
  );
}

/**
 * The register's column of a unit's on-site-roles reports, one line per reporting connection; a unit
 * without a billing-unit number says it cannot be reported and how to fix it. `names`: the user's
 * connections by id; `reporting`: how many of them report (none: a unit without reports shows a dash).
 */
export function ReportStatus(props: {
  unit: Unit;
  names: Map<string, string>;
  reporting: number;
  onOpen: (dialog: RowDialog) => void;
}) {
  const { unit, names, reporting } = props;
  const t = useT();
  if (unit.reports.length === 0) {
    if (reporting === 0) return <span className="text-slate-600">—</span>;
    if (!unit.billingunit)
      return (
        <p data-testid="report-missing-billingunit" className="text-xs text-amber-900">
          {t("reports.noBillingunit")}
        </p>
      );
    return <span className="text-sm text-slate-600">{t("reports.notYet")}</span>;
  }
  const named = unit.reports.length > 1 || reporting > 1;
  return (
    <ul aria-label={t("reports.listLabel", { unit: unitName(unit) })} className="flex flex-col gap-2">
      {unit.reports.map((r) => (
        <ReportLine
          key={r.connectionId}
          report={r}
          unit={unit}
          onOpen={props.onOpen}
          connection={named ? names.get(r.connectionId) : undefined}
        />
      ))}
    </ul>
  );
}
