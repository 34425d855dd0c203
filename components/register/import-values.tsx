"use client";
import { Table, Td, Th } from "@/components/ui/table";
import type { ImportReport, PreviewRow } from "@/lib/views/units-page/client";
import { useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n/messages";

/**
 * The import's first rows as the server read them (name parts, dates, the address's lines, channel,
 * e-mail) and the columns it does not use: a wrong encoding ("JÃ¼rgen") or a wrong split of a name
 * shows here before anything is applied.
 */

/** `YYYY-MM-DD` as a German register writes it; the page shows what the file meant, not a time. */
const day = (d: string | null) => (d ? `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}` : "—");
const text = (v: string | null) => v ?? "—";

const HEADS: MessageKey[] = [
  "units.preview.line",
  "units.col.mscnumber",
  "units.values.name",
  "units.values.salutation",
  "units.values.firstName",
  "units.values.lastName",
  "units.values.company",
  "units.values.moveIn",
  "units.values.moveOut",
  "units.col.postalAddress",
  "units.col.channel",
  "units.col.email",
];

function ValueRow({ row }: { row: PreviewRow }) {
  const t = useT();
  return (
    <tr data-testid="import-value">
      <Td className="whitespace-nowrap">{row.line}</Td>
      <Td className="font-mono">{text(row.unit)}</Td>
      <Td>{row.vacancy ? t("units.values.vacancy") : text(row.name)}</Td>
      <Td>{text(row.salutation)}</Td>
      <Td>{text(row.firstName)}</Td>
      <Td>{text(row.lastName)}</Td>
      <Td>{text(row.company)}</Td>
      <Td className="whitespace-nowrap">{day(row.moveIn)}</Td>
      <Td className="whitespace-nowrap">{day(row.moveOut)}</Td>
      <Td className="min-w-48">
        {row.postalAddress
          ? row.postalAddress.map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))
          : "—"}
      </Td>
      <Td className={row.channelNote ? "min-w-64" : undefined}>
        {row.channel ? t(`units.channel.${row.channel}`) : "—"}
        {row.channelNote && (
          <span className="mt-1 block text-xs text-slate-700" data-testid="import-channel-note">
            {row.channelNote}
          </span>
        )}
      </Td>
      <Td>{text(row.email)}</Td>
    </tr>
  );
}

export function ImportValues({ report }: { report: Pick<ImportReport, "preview" | "unusedColumns"> }) {
  const t = useT();
  const caption = t("units.values.caption", { n: report.preview.length });
  return (
    <div className="flex flex-col gap-2">
      {report.preview.length > 0 && (
        <Table caption={caption} scrollLabel={caption}>
          <thead>
            <tr>
              {HEADS.map((key) => (
                <Th key={key}>{t(key)}</Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.preview.map((row) => (
              <ValueRow key={row.line} row={row} />
            ))}
          </tbody>
        </Table>
      )}
      <p className="text-sm text-slate-800" data-testid="import-unused">
        {report.unusedColumns.length > 0
          ? t("units.values.unused", { columns: report.unusedColumns.map((c) => `„${c}“`).join(", ") })
          : t("units.values.allUsed")}
      </p>
    </div>
  );
}
