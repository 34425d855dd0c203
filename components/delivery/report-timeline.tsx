"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { reportTimelineQuery, type ReportTimeline as Timeline } from "@/lib/onsite-roles/client";
import { formatDateTime } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";
import { DeliveryHeader } from "./delivery-nav";
import { stateWords, stepWords } from "./report-words";

type Report = Timeline["connections"][number];

/** One connection's reports: its state now, then each step oldest first, like a document's record. */
function ConnectionSteps({ report, index }: { report: Report; index: number }) {
  const t = useT();
  const display = useDisplay();
  const when = (iso: string) => formatDateTime(iso, display, { seconds: true });
  const name = report.deleted ? `${report.connectionName} ${t("reports.timeline.deleted")}` : report.connectionName;
  const heading = `report-connection-${index}`;
  return (
    <section
      aria-labelledby={heading}
      data-testid="report-connection"
      className="rounded border border-slate-200 bg-white p-4"
    >
      <h2 id={heading} className="font-semibold">
        {t("reports.timeline.connection", { connection: name })}
      </h2>
      <p className="text-sm text-slate-700" data-testid="report-connection-state">
        {t("reports.timeline.now", { state: stateWords(report.state, t) })}
      </p>
      <ol
        aria-label={t("reports.timeline.stepsLabel", { connection: name })}
        className="mt-3 flex flex-col gap-2 border-l-2 border-slate-200 pl-4"
      >
        {report.events.map((step, i) => (
          <li key={i} data-testid="report-step" data-kind={step.kind} className="text-sm">
            <time dateTime={step.at} className="block text-xs text-slate-600">
              {when(step.at)}
            </time>
            <span className={step.kind === "rejected" ? "text-red-900" : undefined}>{stepWords(step, t, when)}</span>
            {step.messages.length > 0 && (
              <ul aria-label={t("reports.messagesLabel")} className="mt-1 flex flex-col gap-0.5">
                {step.messages.map((m, j) => (
                  <li key={j} className="text-xs">
                    <code className="rounded bg-slate-100 px-1 font-mono text-slate-900">{m.shortmessage}</code>{" "}
                    <span className="text-slate-700">
                      {m.type}: {m.message}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Support's timeline of one unit's on-site-roles reports, per connection; units and codes, no residents. */
export function ReportTimeline({ unitId }: { unitId: string }) {
  const t = useT();
  const query = useQuery(reportTimelineQuery(unitId));
  const data = query.data;
  const unitName = data ? (data.unit.mscnumber ?? data.unit.pmnumber ?? "—") : "";
  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-col gap-4">
      <DeliveryHeader />
      <Link href="/delivery/reports" className="text-sm text-blue-800 underline underline-offset-2">
        {t("reports.timeline.back")}
      </Link>
      {query.isPending && <p>{t("common.loading")}</p>}
      {query.error && (
        <p role="alert" className="text-sm text-red-800">
          {t("reports.support.loadFailed", { reason: query.error.message })}
        </p>
      )}
      {data && (
        <>
          <h2 className="text-lg font-semibold" data-testid="report-timeline-title">
            {t("reports.timeline.title", { unit: unitName })}
          </h2>
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
            {t("reports.timeline.facts", {
              unit: unitName,
              billingunit: data.unit.billingunit ?? "—",
              owner: data.unit.owner,
            })}
            {data.unit.property && ` · ${data.unit.property}`}
          </p>
          {data.connections.length === 0 && <p>{t("reports.timeline.none")}</p>}
          {data.connections.map((c, i) => (
            <ConnectionSteps key={c.connectionId} report={c} index={i} />
          ))}
        </>
      )}
    </section>
  );
}
