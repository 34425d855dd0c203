"use client";
import { Table, Td, Th } from "@/components/ui/table";
import type { RoundProperty } from "@/lib/views/month-round/client";
import { formatMonth } from "@/lib/format";
import { useLocale, useT } from "@/lib/i18n/client";
import { sectionId } from "./property-section";
import { monthNumbers, openPoints } from "./round-words";

/** The month of every property at a glance (from `lg`; a phone shows each property's card instead). */
export function PropertyTable({ rows, month }: { rows: RoundProperty[]; month: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="hidden lg:block" data-testid="month-table">
      <Table caption={t("month.caption", { month: formatMonth(month, locale, "long") })} captionHidden>
        <thead>
          <tr>
            <Th>{t("month.col.property")}</Th>
            <Th>{t("month.col.arrived")}</Th>
            <Th>{t("month.col.read")}</Th>
            <Th>{t("month.col.confirmed")}</Th>
            <Th>{t("month.col.handedOn")}</Th>
            <Th>{t("month.col.notReached")}</Th>
            <Th>{t("month.col.todo")}</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const { handedOn, notReached } = monthNumbers(row);
            const c = row.counts;
            const todo = openPoints(row, month);
            return (
              <tr key={row.property} data-testid="month-row">
                <Th scope="row" className="bg-white font-medium">
                  {row.property}
                </Th>
                <Td>{t("month.arrived", { n: row.documents, units: row.units })}</Td>
                <Td>{row.read}</Td>
                <Td>{row.confirmed}</Td>
                <Td>
                  <span className="font-medium">{handedOn}</span>
                  <span className="block text-xs text-slate-700">
                    {t("month.channels", { email: c.email, portal: c.portal + c.opened, posted: c.posted })}
                  </span>
                </Td>
                <Td>{notReached}</Td>
                <Td>
                  <a href={`#${sectionId(row.property)}`} className="text-blue-800 underline underline-offset-2">
                    {todo > 0 ? t("month.todoLink", { n: todo }) : t("month.todoNone")}
                  </a>
                </Td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
