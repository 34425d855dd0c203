"use client";
import { Badge } from "@/components/ui/badge";
import type { Unit } from "@/lib/client/units";
import { formatDateTime } from "@/lib/format";
import { useDisplay, useLocale, useT } from "@/lib/i18n/client";
import { formatDay, unitName } from "./tenancy-history";

type Report = Unit["reports"][number];
/** Attempts of an `unknown` report before it waits for a change (lib/residents/reports/store.ts). */
const MAX_ATTEMPTS = 5;

/** The provider's messages as it sent them: its `shortmessage` code, then its text. */
function ProviderMessages({ messages }: { messages: NonNullable<Report["messages"]> }) {
  const t = useT();
  return (
    <ul aria-label={t("reports.messagesLabel")} className="mt-1 flex flex-col gap-0.5">
      {messages.map((m, i) => (
        <li key={i} data-testid="report-message" className="text-xs">
          <code className="rounded bg-slate-100 px-1 font-mono text-slate-900">{m.shortmessage}</code>{" "}
          <span className="text-slate-700">{m.message}</span>
        </li>
      ))}
    </ul>
  );
}

/** One report in words: accepted (with its transaction id), pending, no answer, or refused with the codes. */
function ReportLine({ report, connection }: { report: Report; connection: string | undefined }) {
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
      {report.messages && report.messages.length > 0 && <ProviderMessages messages={report.messages} />}
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
export function ReportStatus(props: { unit: Unit; names: Map<string, string>; reporting: number }) {
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
        <ReportLine key={r.connectionId} report={r} connection={named ? names.get(r.connectionId) : undefined} />
      ))}
    </ul>
  );
}
