"use client";
import { Table, Td, Th } from "@/components/ui/table";
import { errorCount, type ImportReport, type UnitChange } from "@/lib/views/units-page/client";
import { useDisplay, useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n/messages";
import { ImportValues } from "./import-values";

/** The column names of the register, as the page and the preview say them. */
export const columnKey = (column: string) => `units.col.${column}` as MessageKey;

function Counts({ report }: { report: ImportReport }) {
  const t = useT();
  const { locale } = useDisplay();
  const n = (v: number) => v.toLocaleString(locale);
  const cells: [MessageKey, number][] = [
    ["units.preview.created", report.created],
    ["units.preview.updated", report.updated],
    ["units.preview.unchanged", report.unchanged],
    ["units.preview.deleted", report.deleted],
    ["units.preview.errors", errorCount(report)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5" data-testid="import-counts">
      {cells.map(([key, value]) => (
        <div key={key} className="rounded border border-slate-200 bg-white px-3 py-2">
          <dt className="text-xs text-slate-600">{t(key)}</dt>
          <dd className="text-lg font-semibold">{n(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Errors({ report }: { report: ImportReport }) {
  const t = useT();
  if (report.errors.length === 0) return null;
  return (
    <Table
      caption={t("units.preview.errorsCaption", { n: errorCount(report) })}
      scrollLabel={t("units.preview.errorsCaption", { n: errorCount(report) })}
    >
      <thead>
        <tr>
          <Th>{t("units.preview.line")}</Th>
          <Th>{t("units.preview.column")}</Th>
          <Th>{t("units.preview.message")}</Th>
        </tr>
      </thead>
      <tbody>
        {report.errors.map((e, i) => (
          <tr key={i} data-testid="import-error">
            <Td className="whitespace-nowrap">{e.line}</Td>
            <Td>{e.column ?? "—"}</Td>
            <Td className="min-w-64">{e.message}</Td>
          </tr>
        ))}
        {(report.moreErrors ?? 0) > 0 && (
          <tr>
            <Td colSpan={3}>{t("units.preview.moreErrors", { n: report.moreErrors ?? 0 })}</Td>
          </tr>
        )}
      </tbody>
    </Table>
  );
}

/** A unit's corrected, added and replaced tenancies, one per line ("Greta Uhlenbrock: Einzug korrigiert …"). */
function HistoryList({ change }: { change: UnitChange }) {
  const t = useT();
  if (!change.history?.length) return null;
  return (
    <ul className="mt-1 flex flex-col gap-0.5" data-testid="import-history">
      {change.history.map((h, i) => (
        <li key={i}>
          {h.kind === "moveIn" || h.kind === "moveOut"
            ? `${h.who ?? t("units.values.vacancy")}: ${h.message}`
            : h.message}
          {h.line !== null && <span className="text-slate-600"> ({t("units.preview.lineOf", { line: h.line })})</span>}
        </li>
      ))}
      {(change.moreHistory ?? 0) > 0 && <li>{t("units.preview.moreHistory", { n: change.moreHistory ?? 0 })}</li>}
    </ul>
  );
}

function Changes({ report }: { report: ImportReport }) {
  const t = useT();
  if (report.changes.length === 0) return null;
  const what = (c: UnitChange) =>
    c.change === "updated" && c.columns?.length
      ? t("units.change.updatedColumns", { columns: c.columns.map((col) => t(columnKey(col))).join(", ") })
      : t(`units.change.${c.change}`);
  const total = report.created + report.updated + report.deleted;
  const caption = t("units.preview.changesCaption", { shown: report.changes.length, total });
  return (
    <Table caption={caption} scrollLabel={caption}>
      <thead>
        <tr>
          <Th>{t("units.preview.line")}</Th>
          <Th>{t("units.col.mscnumber")}</Th>
          <Th>{t("units.preview.change")}</Th>
        </tr>
      </thead>
      <tbody>
        {report.changes.map((c) => (
          <tr key={`${c.change}-${c.unit}`} data-testid="import-change">
            <Td className="whitespace-nowrap">{c.line ?? "—"}</Td>
            <Td className="font-mono">{c.unit}</Td>
            <Td>
              {what(c)}
              <HistoryList change={c} />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * What an import would change (or changed): the counts, the first rows' values as read and the
 * columns left unused, every error by line and column, and the changes one by one.
 */
export function ImportPreview({ report }: { report: ImportReport }) {
  return (
    <div className="flex flex-col gap-3">
      <Counts report={report} />
      <ImportValues report={report} />
      <Errors report={report} />
      <Changes report={report} />
    </div>
  );
}
