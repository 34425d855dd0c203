"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Pager } from "@/components/ui/pager";
import { StatusLine } from "@/components/ui/status-line";
import { ScopeSwitch, usePinnedScope } from "@/components/responsibility/scope-switch";
import { connectionsQuery } from "@/lib/connections/client";
import {
  readUnitsSearch,
  type UnitsPage,
  UNITS_DEFAULTS,
  UNITS_PAGE_SIZES,
  unitsQuery,
} from "@/lib/views/units-page/client";
import { useSearchState } from "@/lib/client/use-search-state";
import { useT } from "@/lib/i18n/client";
import type { UnitsSearch } from "@/lib/register/list";
import { CorrectDatesDialog } from "./correct-dates-dialog";
import { MoveDialog } from "./move-dialog";
import { UnitEditDialog } from "./unit-edit-dialog";
import { HoldDialog } from "./unit-hold";
import { OpenReports } from "./open-reports";
import { RegisterSince } from "./register-since";
import type { RowDialog } from "./row-dialog";
import { UnitRow, type ReportConnections } from "./unit-row";
import { UnitTable } from "./unit-table";

const input = "w-full rounded border border-slate-300 bg-white px-3 py-2 text-sm";

type Filter = { q: string; property: string; reports: string };

/** Search, property filter and the open reports, from the URL and back to it on submit. */
function Filters(props: Filter & { properties: string[]; onApply: (filter: Filter) => void }) {
  const t = useT();
  const [q, setQ] = useState(props.q);
  const [property, setProperty] = useState(props.property);
  const [reports, setReports] = useState(props.reports);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onApply({ q: q.trim(), property, reports });
  };
  return (
    <form
      role="search"
      aria-label={t("units.filters")}
      onSubmit={submit}
      className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
    >
      <Field label={t("units.q")} hint={t("units.qHint")}>
        {(c) => <input {...c} type="search" value={q} onChange={(e) => setQ(e.target.value)} className={input} />}
      </Field>
      <Field label={t("units.col.property")}>
        {(c) => (
          <select {...c} value={property} onChange={(e) => setProperty(e.target.value)} className={input}>
            <option value="">{t("units.propertyAll")}</option>
            {props.properties.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("reports.filter")}>
        {(c) => (
          <select {...c} value={reports} onChange={(e) => setReports(e.target.value)} className={input}>
            <option value="">{t("reports.filterAll")}</option>
            <option value="open">{t("reports.filterOpen")}</option>
          </select>
        )}
      </Field>
      <div>
        <Button type="submit">{t("units.search")}</Button>
      </div>
    </form>
  );
}

/** The register's heading and its export. */
function RegisterHeading() {
  const t = useT();
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id="units-register" className="text-lg font-semibold">
        {t("units.register")}
      </h2>
      <a href="/api/units/export.csv" className="text-sm text-blue-800 underline underline-offset-2" download>
        {t("units.export")}
      </a>
    </div>
  );
}

/** The dialog a row opened; when one saves, the page says what was saved. */
function RowDialogs(props: { dialog: RowDialog | null; onClose: () => void; onDone: (message: string) => void }) {
  const { dialog, onClose, onDone } = props;
  if (dialog?.kind === "edit") return <UnitEditDialog unit={dialog.unit} onClose={onClose} />;
  if (dialog?.kind === "move") return <MoveDialog unit={dialog.unit} onClose={onClose} onDone={onDone} />;
  if (dialog?.kind === "hold") return <HoldDialog unit={dialog.unit} onClose={onClose} onDone={onDone} />;
  if (dialog?.kind === "correct")
    return <CorrectDatesDialog unit={dialog.unit} tenancy={dialog.tenancy} onClose={onClose} onDone={onDone} />;
  return null;
}

/** While a report of the page is being sent, the page looks again every few seconds (the sender runs every 5 s). */
const whileSending = (query: { state: { data?: UnitsPage } }) =>
  query.state.data?.units.some((u) => u.reports.some((r) => r.state === "pending" || r.retrying)) ? 3_000 : false;

/** The user's connections by name, and how many report: the reports' column says which connection it means. */
function useReportConnections(): ReportConnections {
  const connections = useQuery(connectionsQuery()).data;
  return useMemo(
    () => ({
      names: new Map((connections ?? []).map((c) => [c.id, c.name])),
      reporting: (connections ?? []).filter((c) => c.onSiteRolesUrl).length,
    }),
    [connections],
  );
}

/** The register's columns, the actions' column aside. */
const HEADERS = [
  "units.col.mscnumber",
  "units.col.property",
  "units.col.label",
  "units.col.resident",
  "units.col.channel",
  "reports.col",
] as const;

/** The scope switch ("Meine Liegenschaften / Ganzes Team") once the list has answered, and the filters. */
function ListControls(props: {
  search: UnitsSearch;
  scope: "mine" | "team" | undefined;
  properties: string[];
  update: (patch: Partial<UnitsSearch>) => void;
}) {
  const { search, update } = props;
  return (
    <>
      {props.scope && (
        <ScopeSwitch
          mine={props.scope === "mine"}
          onChange={(mine) => update({ mine: mine ? "1" : "0", property: undefined, offset: 0 })}
        />
      )}
      <Filters
        key={`${search.q ?? ""}|${search.property ?? ""}|${search.reports ?? ""}`}
        q={search.q ?? ""}
        property={search.property ?? ""}
        reports={search.reports ?? ""}
        properties={props.properties}
        onApply={(f) =>
          update({ q: f.q || undefined, property: f.property || undefined, reports: f.reports ? "open" : undefined })
        }
      />
    </>
  );
}

/** Why the list is empty: the search, the caller's own properties, or a register without units. */
const emptyTitle = (search: UnitsSearch, scope: "mine" | "team") =>
  search.q || search.property || search.reports || search.moveIn
    ? "units.noMatch"
    : scope === "mine"
      ? "responsibility.noneMine"
      : "units.empty";

/**
 * The register: search by number, place or resident, filter by property, page, edit one unit,
 * record a move or correct a tenancy's dates, export it all.
 */
export function RegisterList() {
  const t = useT();
  const [search, update] = useSearchState(readUnitsSearch, UNITS_DEFAULTS);
  const [mine, keepScope] = usePinnedScope(search.mine);
  const list = useQuery({
    ...unitsQuery({ ...search, mine }),
    placeholderData: keepPreviousData,
    refetchInterval: whileSending,
  });
  keepScope(list.data?.scope);
  const reportConnections = useReportConnections();
  const [dialog, setDialog] = useState<RowDialog | null>(null);
  const [notice, setNotice] = useState("");
  const units = list.data?.units ?? [];
  const count = list.data?.count ?? 0;
  const properties = (list.data?.properties ?? []).flatMap((p) => (p.name ? [p.name] : []));
  const caption = t("units.caption", { first: search.offset + 1, last: search.offset + units.length, count });
  return (
    <section aria-labelledby="units-register" className="flex flex-col gap-3">
      <RegisterHeading />
      <ListControls search={search} scope={list.data?.scope} properties={properties} update={update} />
      {search.reports === "open" && list.data && <OpenReports counts={list.data.openReports} />}
      {list.data && (
        <RegisterSince
          missing={list.data.unknownMoveIns}
          filtered={search.moveIn === "unknown"}
          onFilter={(on) => update({ moveIn: on ? "unknown" : undefined })}
        />
      )}
      <StatusLine tone="success">{notice}</StatusLine>
      {list.isPending && <p>{t("common.loading")}</p>}
      {list.error && (
        <p role="alert" className="text-sm text-red-800">
          {t("units.loadFailed", { reason: list.error.message })}
        </p>
      )}
      {list.data && units.length === 0 && <EmptyState title={t(emptyTitle(search, list.data.scope))} />}
      {units.length > 0 && (
        <UnitTable caption={caption} headers={HEADERS.map((h) => t(h))}>
          {units.map((u) => (
            <UnitRow
              key={u.id}
              unit={u}
              reports={reportConnections}
              onOpen={(d) => {
                setNotice("");
                setDialog(d);
              }}
            />
          ))}
        </UnitTable>
      )}
      {count > 0 && (
        <Pager
          offset={search.offset}
          limit={search.limit}
          count={count}
          sizes={UNITS_PAGE_SIZES}
          sizeLabel={t("units.pageSize")}
          onChange={update}
        />
      )}
      <RowDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        onDone={(message) => {
          setDialog(null);
          setNotice(message);
        }}
      />
    </section>
  );
}
