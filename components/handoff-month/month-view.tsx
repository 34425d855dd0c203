"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { SelectField } from "@/components/ui/select-field";
import { PageIntro } from "@/components/register/page-intro";
import {
  handoffMonthCsvUrl,
  handoffMonthQuery,
  handoffProofUrl,
  readHandoffMonthSearch,
  type HandoffMonth,
} from "@/lib/views/handoff-month/client";
import { useSearchState } from "@/lib/client/use-search-state";
import type { HandoffMonthInput } from "@/lib/views/handoff-month/query";
import { MAX_MONTH_UNITS, MONTH_STATUSES } from "@/lib/views/handoff-month/query";
import { useT } from "@/lib/i18n/client";
import { MonthTable } from "./month-table";
import { PostedButton, PostedOutcome } from "./posted-button";
import { PrintButton } from "./print-button";
import { TextEditor } from "@/components/handoff-texts/text-editor";

const input = "w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm";
const NO_DEFAULTS = {};

/** Property and month, from the URL and back to it on submit. */
function PickForm(props: {
  properties: string[];
  value: HandoffMonthInput;
  onApply: (value: HandoffMonthInput) => void;
}) {
  const t = useT();
  const [property, setProperty] = useState(props.value.property);
  const [month, setMonth] = useState(props.value.month);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (month) props.onApply({ property, month });
  };
  return (
    <form
      aria-label={t("handoffMonth.pick")}
      onSubmit={submit}
      className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
    >
      <SelectField
        label={t("handoffMonth.property")}
        value={property}
        onChange={setProperty}
        options={props.properties.map((p) => ({ value: p, label: p }))}
      />
      <Field label={t("handoffMonth.month")}>
        {(c) => (
          <input
            {...c}
            type="month"
            required
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            className={input}
          />
        )}
      </Field>
      <div>
        <Button type="submit">{t("handoffMonth.show")}</Button>
      </div>
    </form>
  );
}

/** The counts line: each state that occurs, with its number. */
function Summary({ data }: { data: HandoffMonth | undefined }) {
  const t = useT();
  const parts = data
    ? MONTH_STATUSES.filter((s) => data.counts[s] > 0).map((s) => `${t(`handoffMonth.status.${s}`)}: ${data.counts[s]}`)
    : [];
  return (
    <p role="status" className="text-sm text-slate-800" data-testid="handoff-summary">
      {parts.length > 0 && (
        <>
          <span className="font-medium">{t("handoffMonth.summary")}: </span>
          {parts.join(" · ")}
        </>
      )}
    </p>
  );
}

const link = "text-sm text-blue-800 underline underline-offset-2";

/**
 * The month's downloads: the CSV, the proof (PDF and CSV), the post channel's letters and, once letters are made
 * (`printed`), their confirmation as posted.
 */
function MonthLinks({ value, printed }: { value: HandoffMonthInput; printed: number }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
      <a href={handoffMonthCsvUrl(value)} className={link} download>
        {t("handoffMonth.csv")}
      </a>
      <a href={handoffProofUrl(value, "pdf")} className={link} download>
        {t("handoffProof.pdf")}
      </a>
      <a href={handoffProofUrl(value, "csv")} className={link} download>
        {t("handoffProof.csv")}
      </a>
      <PrintButton key={`${value.property}|${value.month}`} value={value} />
      {printed > 0 && <PostedButton key={`posted|${value.property}|${value.month}`} value={value} />}
      <PostedOutcome value={value} />
    </div>
  );
}

/**
 * The monthly §6a view of one property: which unit's resident received the month, by which channel, and which not and
 * why; and the e-mail's text.
 */
export function HandoffMonthView({ properties, fallback }: { properties: string[]; fallback: HandoffMonthInput }) {
  const t = useT();
  const [search, update] = useSearchState(readHandoffMonthSearch, NO_DEFAULTS);
  const value = { property: search.property ?? fallback.property, month: search.month ?? fallback.month };
  const view = useQuery({
    ...handoffMonthQuery(value),
    enabled: value.property !== "",
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-col gap-6">
      <PageIntro title={t("handoffMonth.title")} intro={t("handoffMonth.intro")} />
      {properties.length === 0 ? (
        <EmptyState title={t("handoffMonth.noProperties")} />
      ) : (
        <>
          <PickForm
            key={`${value.property}|${value.month}`}
            properties={properties}
            value={value}
            onApply={(v) => update(v)}
          />
          <MonthLinks value={value} printed={view.data?.counts.printed ?? 0} />
          <Summary data={view.data} />
          {view.isPending && <p>{t("common.loading")}</p>}
          {view.error && (
            <p role="alert" className="text-sm text-red-800">
              {t("handoffMonth.loadFailed", { reason: view.error.message })}
            </p>
          )}
          {view.data?.truncated && (
            <p className="text-sm text-amber-800">{t("handoffMonth.truncated", { max: MAX_MONTH_UNITS })}</p>
          )}
          {view.data && view.data.rows.length === 0 && <EmptyState title={t("handoffMonth.empty")} />}
          {view.data && view.data.rows.length > 0 && <MonthTable data={view.data} />}
          <TextEditor key={value.property} property={value.property} />
        </>
      )}
    </section>
  );
}
