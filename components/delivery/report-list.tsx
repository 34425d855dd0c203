"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Pager } from "@/components/ui/pager";
import { Table, Td, Th } from "@/components/ui/table";
import { reportedUnitsQuery, type ReportedUnits } from "@/lib/onsite-roles/client";
import { useSearchState } from "@/lib/client/use-search-state";
import { readReportsSearch, REPORTS_DEFAULTS, type ReportsSearch } from "@/lib/onsite-roles/list";
import { useT } from "@/lib/i18n/client";
import { DeliveryHeader } from "./delivery-nav";
import { stateWords } from "./report-words";

const input = "w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm";
const STATE_FILTERS = ["open", "pending", "accepted", "rejected", "unknown"] as const;

/** Search by unit number and filter by state, from the URL and back to it on submit. */
function Filters({ search, onApply }: { search: ReportsSearch; onApply: (patch: Partial<ReportsSearch>) => void }) {
  const t = useT();
  const [q, setQ] = useState(search.q ?? "");
  const [state, setState] = useState<string>(search.state ?? "");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = STATE_FILTERS.find((s) => s === state);
    onApply({ q: q.trim() || undefined, state: chosen });
  };
  return (
    <form role="search" onSubmit={submit} className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
      <Field label={t("reports.support.q")}>
        {(c) => <input {...c} type="search" value={q} onChange={(e) => setQ(e.target.value)} className={input} />}
      </Field>
      <Field label={t("reports.support.state")}>
        {(c) => (
          <select {...c} value={state} onChange={(e) => setState(e.target.value)} className={input}>
            <option value="">{t("reports.support.stateAll")}</option>
            {STATE_FILTERS.map((s) => (
              <option key={s} value={s}>
                {s === "open" ? t("reports.support.stateOpen") : stateWords(s, t)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div>
        <Button type="submit">{t("reports.support.search")}</Button>
      </div>
    </form>
  );
}

function UnitRow({ unit }: { unit: ReportedUnits["units"][number] }) {
  const t = useT();
  const name = unit.mscnumber ?? unit.pmnumber ?? "—";
  return (
    <tr data-testid="reported-unit" className="max-md:block max-md:border-b max-md:border-slate-200 max-md:p-3">
      <Td className="font-mono max-md:block max-md:border-0 max-md:p-0">
        <Link
          href={`/delivery/reports/${unit.id}`}
          className="text-blue-800 underline underline-offset-2"
          aria-label={t("reports.support.open", { unit: name })}
        >
          {name}
        </Link>
        {unit.billingunit && <div className="text-xs text-slate-600">{unit.billingunit}</div>}
      </Td>
      <Td className="[overflow-wrap:anywhere] max-md:block max-md:border-0 max-md:p-0">
        <div>{unit.property ?? "—"}</div>
        <div className="text-xs text-slate-600">{unit.owner}</div>
      </Td>
      <Td className="max-md:block max-md:border-0 max-md:p-0">
        <ul className="flex flex-col gap-0.5">
          {unit.reports.map((r) => (
            <li key={r.connectionId} className="text-sm">
              {r.connectionName}: {stateWords(r.state, t)}
              {r.messages.length > 0 && (
                <span className="font-mono text-xs"> ({r.messages.map((m) => m.shortmessage).join(", ")})</span>
              )}
            </li>
          ))}
        </ul>
      </Td>
    </tr>
  );
}

/** Support's list of reported units across every register, each linking to its timeline. */
export function ReportList() {
  const t = useT();
  const [search, update] = useSearchState(readReportsSearch, REPORTS_DEFAULTS);
  const list = useQuery({ ...reportedUnitsQuery(search), placeholderData: keepPreviousData });
  const units = list.data?.units ?? [];
  const count = list.data?.count ?? 0;
  const caption = t("reports.support.caption", { first: search.offset + 1, last: search.offset + units.length, count });
  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-col gap-4">
      <DeliveryHeader />
      <div>
        <h2 className="text-lg font-semibold">{t("reports.support.title")}</h2>
        <p className="mt-1 text-sm text-slate-600">{t("reports.support.intro")}</p>
      </div>
      <Filters key={`${search.q ?? ""}|${search.state ?? ""}`} search={search} onApply={update} />
      {list.isPending && <p>{t("common.loading")}</p>}
      {list.error && (
        <p role="alert" className="text-sm text-red-800">
          {t("reports.support.loadFailed", { reason: list.error.message })}
        </p>
      )}
      {list.data && units.length === 0 && <EmptyState title={t("reports.support.empty")} />}
      {units.length > 0 && (
        <Table caption={caption} captionHidden scrollLabel={caption} cards>
          <thead className="max-md:sr-only">
            <tr>
              <Th>{t("reports.support.unit")}</Th>
              <Th>{t("reports.support.owner")}</Th>
              <Th>{t("reports.support.reports")}</Th>
            </tr>
          </thead>
          <tbody className="max-md:block">
            {units.map((u) => (
              <UnitRow key={u.id} unit={u} />
            ))}
          </tbody>
        </Table>
      )}
      {count > 0 && (
        <Pager
          offset={search.offset}
          limit={search.limit}
          count={count}
          sizes={[25, 50, 100]}
          sizeLabel={t("units.pageSize")}
          onChange={update}
        />
      )}
    </section>
  );
}
