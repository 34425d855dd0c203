"use client";
import { FileName } from "@/components/ui/file-name";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { FileFacts } from "@/components/viewer/file-facts";
import { LazyDocumentViewer } from "@/components/viewer/lazy-viewer";
import type { FactsView } from "@/lib/delivery/file-facts";
import { formatBytes, formatDateTime } from "@/lib/format";
import { deliveryDetailQuery } from "@/lib/delivery/support/client";
import type { DeliveryRecord } from "@/lib/delivery/support/client";
import { useDisplay, useT } from "@/lib/i18n/client";
import { StateBadge, StateLegend } from "@/components/ui/state-badge";
import { Timeline } from "./timeline";
import { propertyName } from "./unit-names";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_minmax(0,1fr)] gap-2 py-1 max-md:grid-cols-1 max-md:gap-0">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * A record's facts: ids, connection, owner, units and their names in the owner's register, its times, size and hash,
 * and what the provider says about the file (DTA).
 */
function DeliveryFacts({ record: r }: { record: DeliveryRecord & { facts: FactsView | null } }) {
  const t = useT();
  const display = useDisplay();
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, display)}</time>;
  return (
    <section aria-labelledby="facts-title" className="rounded border border-slate-200 bg-white p-4">
      <h2 id="facts-title" className="mb-2 font-semibold">
        {t("deliveryDetail.facts")}
      </h2>
      <dl>
        <Fact label={t("deliveryDetail.documentid")}>
          <span className="font-mono">{r.documentid}</span>
        </Fact>
        <Fact label={t("deliveryDetail.connection")}>{r.connectionName}</Fact>
        <Fact label={t("deliveryDetail.owner")}>{r.owner}</Fact>
        <Fact label={t("deliveryDetail.service")}>{r.service.toUpperCase()}</Fact>
        <Fact label={t("deliveryDetail.units")}>{r.units.length ? r.units.join(", ") : t("deliveryPage.none")}</Fact>
        <Fact label={t("deliveryNames.property")}>
          {r.register || r.billing ? propertyName(r.register, t, r.billing) : t("deliveryNames.unregisteredText")}
          {r.register?.address && <span className="block text-slate-700">{r.register.address}</span>}
        </Fact>
        {r.register?.label && <Fact label={t("deliveryNames.label")}>{r.register.label}</Fact>}
        <Fact label={t("deliveryPage.col.firstSeen")}>{when(r.firstSeenAt)}</Fact>
        <Fact label={t("deliveryPage.col.fetched")}>
          {r.fetchedAt ? when(r.fetchedAt) : t("deliveryPage.notFetched")}
        </Fact>
        <Fact label={t("deliveryPage.col.confirmed")}>
          {r.confirmedAt ? (
            <>
              {when(r.confirmedAt)}
              {r.confirmedBy && ` ${t("deliveryPage.by", { who: r.confirmedBy })}`}
            </>
          ) : (
            t("deliveryPage.none")
          )}
        </Fact>
        {r.confirmedVia && <Fact label={t("deliveryDetail.confirmedVia")}>{r.confirmedVia.connectionName}</Fact>}
        {r.bytes !== null && <Fact label={t("deliveryDetail.size")}>{formatBytes(r.bytes, display.locale)}</Fact>}
        {r.sha256 && (
          <Fact label={t("deliveryDetail.sha256")}>
            <span className="font-mono text-xs break-all">{r.sha256}</span>
          </Fact>
        )}
        {r.replacedBy && (
          <Fact label={t("deliveryDetail.state")}>{t("deliveryPage.replacedBy", { id: r.replacedBy })}</Fact>
        )}
      </dl>
      {r.facts && (
        <div className="mt-3">
          <FileFacts facts={r.facts} />
        </div>
      )}
    </section>
  );
}

/** One document for support: its facts, its timeline and the archived file in the viewer. */
export function DeliveryDetail({ connectionId, documentid }: { connectionId: string; documentid: string }) {
  const t = useT();
  const detail = useQuery(deliveryDetailQuery(connectionId, documentid));
  const back = (
    <Link href="/delivery" className="text-sm text-blue-800 underline-offset-2 hover:underline">
      ← {t("deliveryDetail.back")}
    </Link>
  );
  if (detail.isPending) return <p role="status">{t("common.loading")}</p>;
  if (detail.isError) {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {t("deliveryDetail.loadFailed", { reason: detail.error.message })}
        </p>
      </div>
    );
  }
  const r = detail.data;
  const src = `/api/delivery/documents/${r.connectionId}/${encodeURIComponent(r.documentid)}/file`;
  return (
    <article aria-labelledby="page-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        {back}
        <h1 id="page-title" className="text-xl font-semibold">
          <FileName name={r.filename} />
        </h1>
        <div>
          <StateBadge state={r.state} />
        </div>
        <StateLegend />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <DeliveryFacts record={r} />
        {/* Events name hashes and ids: on a phone they break anywhere rather than widen the page. */}
        <section aria-labelledby="timeline-title" className="[overflow-wrap:anywhere]">
          <h2 id="timeline-title" className="font-semibold">
            {t("deliveryDetail.timeline")}
          </h2>
          <p className="mb-2 text-xs text-slate-600">{t("deliveryDetail.timelineHint")}</p>
          <Timeline record={r} events={r.events} />
        </section>
      </div>
      <section aria-labelledby="file-title" className="flex flex-col gap-2">
        <h2 id="file-title" className="font-semibold">
          {t("deliveryDetail.file")}
        </h2>
        {r.sha256 ? (
          <LazyDocumentViewer src={src} mimetype={r.mimetype} filename={r.filename} />
        ) : (
          <p className="rounded border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-800">
            {t("deliveryDetail.neverFetched")}
          </p>
        )}
      </section>
    </article>
  );
}
