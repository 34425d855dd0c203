"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { RunPanel } from "@/components/runs/run-panel";
import { PageIntro } from "@/components/register/page-intro";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField } from "@/components/ui/select-field";
import { monthRoundQuery, readMonthRoundSearch, type RoundDocument } from "@/lib/views/month-round/client";
import { useSearchState } from "@/lib/client/use-search-state";
import { formatMonth } from "@/lib/format";
import { useLocale, useT } from "@/lib/i18n/client";
import { MAX_ROUND_PROPERTIES } from "@/lib/views/month-round/round-query";
import { ScopeSwitch, usePinnedScope } from "@/components/responsibility/scope-switch";
import { PropertySection } from "./property-section";
import { PropertyTable } from "./property-table";
import { UnregisteredLines } from "./unregistered";
import type { Step } from "./round-words";
import { targetOf, useMonthRuns, type Scope } from "./use-month-runs";
import { useState } from "react";

const NO_DEFAULTS = {};
/** While a run goes on, the month's numbers are read again this often. */
const REFRESH_MS = 3000;

/** The month picker: the months that have documents, newest first; a choice goes into the URL (`?month=`). */
function MonthPicker(props: { months: string[]; value: string; onChange: (month: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const months = props.months.includes(props.value) ? props.months : [props.value, ...props.months];
  return (
    <div className="max-w-xs">
      <SelectField
        label={t("month.pick")}
        value={props.value}
        onChange={props.onChange}
        options={months.map((m) => ({ value: m, label: formatMonth(m, locale, "long") }))}
      />
    </div>
  );
}

/** The runs of the page: a confirmation's and a hand-off's panel, each as the inbox shows it. */
function RunPanels({ runs, docs }: { runs: ReturnType<typeof useMonthRuns>; docs: RoundDocument[] }) {
  const { confirm, handoff } = runs;
  return (
    <>
      {confirm.panel && <RunPanel run={confirm.panel} onRetry={(failed) => confirm.start(failed)} />}
      {handoff.panel && <RunPanel run={handoff.panel} docs={docs.map(targetOf)} />}
    </>
  );
}

/**
 * The month page (the managers' landing page): for the chosen month, one row per property with where it stands, and
 * per property the steps that are ready, what is left to do, and the proof; the runs as the inbox shows them.
 */
export function MonthView({ initialMonth, fourEyes }: { initialMonth: string | null; fourEyes: boolean }) {
  const t = useT();
  const [search, update] = useSearchState(readMonthRoundSearch, NO_DEFAULTS);
  const month = search.month ?? initialMonth ?? undefined;
  const runs = useMonthRuns(month ?? null, fourEyes);
  // The documents of the last run started here, to name them in the hand-off's panel.
  const [named, setNamed] = useState<RoundDocument[]>([]);
  const [mine, keepScope] = usePinnedScope(search.mine);
  const view = useQuery({
    ...monthRoundQuery({ month, mine }),
    placeholderData: keepPreviousData,
    refetchInterval: runs.running ? REFRESH_MS : false,
  });
  const data = view.data;
  keepScope(data?.scope);
  const start = (scope: Scope, step: Step, docs: RoundDocument[]) => {
    setNamed(docs);
    if (step === "confirm") runs.startConfirm(docs);
    else if (step === "handOn") runs.startHandOn(docs);
    else runs.startBoth(scope, docs);
  };
  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-col gap-6">
      <PageIntro title={t("month.title")} intro={t("month.intro")} />
      {view.error && (
        <p role="alert" className="text-sm text-red-800">
          {t("month.loadFailed", { reason: view.error.message })}
        </p>
      )}
      {data && data.month === null && <EmptyState title={t("month.noMonths")} />}
      {data?.month && (
        <>
          <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
            <MonthPicker months={data.months} value={data.month} onChange={(m) => update({ month: m })} />
            <ScopeSwitch mine={data.scope === "mine"} onChange={(mine) => update({ mine: mine ? "1" : "0" })} />
          </div>
          <RunPanels runs={runs} docs={named} />
          <UnregisteredLines lines={data.unregistered} month={data.month} />
          {data.properties.length === 0 ? (
            <EmptyState title={t(data.scope === "mine" ? "responsibility.noneMine" : "month.noProperties")} />
          ) : (
            <>
              {data.truncated && (
                <p className="text-sm text-amber-800">{t("month.truncated", { n: MAX_ROUND_PROPERTIES })}</p>
              )}
              <PropertyTable rows={data.properties} month={data.month} />
              {data.properties.map((row) => (
                <PropertySection key={row.property} row={row} month={data.month!} busy={runs.running} onStart={start} />
              ))}
            </>
          )}
        </>
      )}
    </section>
  );
}
