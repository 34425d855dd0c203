"use client";
import { FileName } from "@/components/ui/file-name";
import { Table, Td, Th } from "@/components/ui/table";
import { CARD } from "@/components/register/unit-table";
import type { HandoffMonth, MonthEntry } from "@/lib/views/handoff-month/client";
import { formatDateTime, formatMonth } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n/messages";
import { AssignEntry } from "./assign-entry";

/** Reached, on the way, or not reached: the word always says it, the colour only repeats it. */
const TONE: Record<MonthEntry["status"], string> = {
  email: "text-green-800",
  portal: "text-green-800",
  opened: "text-green-800",
  // Made, not yet confirmed as posted: on the way, not reached.
  printed: "text-amber-800",
  posted: "text-green-800",
  pending: "text-amber-800",
  unknown: "text-amber-800",
  failed: "text-red-800",
  bounced: "text-red-800",
  open: "text-slate-800",
  noEmail: "text-red-800",
  notPrinted: "text-amber-800",
  change: "text-amber-800",
  uncovered: "text-amber-800",
  noPeriod: "text-amber-800",
  vacancy: "text-slate-700",
  notNeeded: "text-slate-700",
  erased: "text-slate-700",
  noResident: "text-slate-700",
  notConfirmed: "text-slate-700",
  notArchived: "text-amber-800",
  noDocument: "text-slate-700",
};

/**
 * The resident column of a unit whose month names nobody: "see the assignment" for a change in the period, "Leerstand"
 * for a vacancy the register records (not "no resident registered", which the register contradicts), else nobody.
 */
function nobodyKey(row: HandoffMonth["rows"][number]): MessageKey {
  if (row.entries.some((e) => e.tenancies)) return "handoffMonth.seeAssignment";
  if (row.entries.some((e) => e.status === "vacancy")) return "tenancies.vacancy";
  return "handoffMonth.noResidentName";
}

function Entry({ entry }: { entry: MonthEntry }) {
  const t = useT();
  const display = useDisplay();
  return (
    <div data-testid="handoff-entry" data-status={entry.status} className="[overflow-wrap:anywhere]">
      <span className={`font-medium ${TONE[entry.status]}`}>{t(`handoffMonth.status.${entry.status}`)}</span>
      {entry.at && (
        <span className="block text-xs text-slate-700">
          <time dateTime={entry.at}>{formatDateTime(entry.at, display)}</time>
          {entry.by && ` · ${entry.by}`}
        </span>
      )}
      {entry.reason && <span className="block text-xs text-red-800">{entry.reason}</span>}
      {entry.document && (
        <span className="block text-xs text-slate-600">
          <FileName name={entry.document.filename} />
        </span>
      )}
      {entry.document && entry.tenancies && <AssignEntry entry={entry} />}
    </div>
  );
}

/**
 * One row per unit of the property: its number and label, the resident, the channel, and each of the month's documents.
 */
export function MonthTable({ data }: { data: HandoffMonth }) {
  const t = useT();
  const display = useDisplay();
  const caption = t("handoffMonth.caption", {
    property: data.property,
    month: formatMonth(data.month, display.locale, "long"),
    units: data.rows.length,
  });
  return (
    <Table caption={caption} scrollLabel={caption} cards>
      <thead className="max-md:sr-only">
        <tr>
          <Th>{t("handoffMonth.col.unit")}</Th>
          <Th>{t("handoffMonth.col.resident")}</Th>
          <Th>{t("handoffMonth.col.channel")}</Th>
          <Th>{t("handoffMonth.col.state")}</Th>
        </tr>
      </thead>
      <tbody className="max-md:block">
        {data.rows.map((row) => {
          const channel = row.entries[0]?.channel;
          return (
            <tr key={row.unitId} data-testid="handoff-row" className={CARD.row}>
              <Th scope="row" className={`bg-white text-left font-normal ${CARD.cell}`}>
                <span className="font-mono font-medium">{row.unit}</span>
                {row.label && <span className="block text-xs text-slate-600">{row.label}</span>}
              </Th>
              <Td className={`[overflow-wrap:anywhere] ${CARD.cell}`}>
                {row.resident ?? <span className="text-slate-600">{t(nobodyKey(row))}</span>}
              </Td>
              <Td className={CARD.cell}>{row.resident && channel ? t(`units.channel.${channel}`) : "—"}</Td>
              <Td className={`flex flex-col gap-2 ${CARD.cell}`}>
                {row.entries.map((e, i) => (
                  <Entry key={e.document ? `${e.document.connectionId}/${e.document.documentid}` : i} entry={e} />
                ))}
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
