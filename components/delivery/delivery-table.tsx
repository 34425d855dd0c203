"use client";
import Link from "next/link";
import { Table, Td, Th } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import type { DeliveryRecord } from "@/lib/delivery/support/client";
import { useDisplay, useT } from "@/lib/i18n/client";
import { StateBadge } from "@/components/ui/state-badge";
import { UnitNames } from "./unit-names";
import { FileName } from "@/components/ui/file-name";

export const detailHref = (r: { connectionId: string; documentid: string }) =>
  `/delivery/${r.connectionId}/${encodeURIComponent(r.documentid)}`;

/** One page of the delivery record, each unit with its register's names; each document links to its timeline. */
export function DeliveryTable({ records, caption }: { records: DeliveryRecord[]; caption: string }) {
  const t = useT();
  const display = useDisplay();
  const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso, display)}</time> : null);
  return (
    <Table caption={caption} captionHidden>
      <thead>
        <tr>
          <Th>{t("deliveryPage.col.document")}</Th>
          <Th>{t("deliveryPage.col.units")}</Th>
          <Th>{t("deliveryPage.col.connection")}</Th>
          <Th>{t("deliveryPage.col.state")}</Th>
          <Th>{t("deliveryPage.col.firstSeen")}</Th>
          <Th>{t("deliveryPage.col.fetched")}</Th>
          <Th>{t("deliveryPage.col.confirmed")}</Th>
        </tr>
      </thead>
      <tbody>
        {records.map((r) => (
          <tr key={`${r.connectionId}/${r.documentid}`} className="hover:bg-slate-50">
            <Td className="min-w-44 max-w-72 [overflow-wrap:anywhere]">
              <Link href={detailHref(r)} className="font-medium text-blue-800 underline-offset-2 hover:underline">
                <FileName name={r.filename} />
              </Link>
              <div className="font-mono text-xs text-slate-600">{r.documentid}</div>
              {r.replacedBy && (
                <div className="text-xs text-slate-600">{t("deliveryPage.replacedBy", { id: r.replacedBy })}</div>
              )}
            </Td>
            <Td className="text-xs [overflow-wrap:anywhere]">
              <div className="font-mono">{r.units.length ? r.units.join(", ") : t("deliveryPage.none")}</div>
              <UnitNames register={r.register} billing={r.billing} />
            </Td>
            <Td className="[overflow-wrap:anywhere]">
              <div>{r.connectionName}</div>
              <div className="text-xs text-slate-600">
                {r.owner} · {r.service.toUpperCase()}
              </div>
            </Td>
            <Td>
              <StateBadge state={r.state} />
            </Td>
            <Td className="whitespace-nowrap">{when(r.firstSeenAt)}</Td>
            <Td className="whitespace-nowrap">
              {when(r.fetchedAt) ?? <span className="text-slate-600">{t("deliveryPage.notFetched")}</span>}
            </Td>
            <Td className="whitespace-nowrap">
              {r.confirmedAt ? (
                <>
                  <div>{when(r.confirmedAt)}</div>
                  {r.confirmedBy && (
                    <div className="text-xs whitespace-normal text-slate-600 [overflow-wrap:anywhere]">
                      {t("deliveryPage.by", { who: r.confirmedBy })}
                    </div>
                  )}
                </>
              ) : (
                <span className="text-slate-600">{t("deliveryPage.none")}</span>
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
