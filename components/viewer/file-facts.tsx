"use client";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import type { DocumentWithFacts, FactsView } from "@/lib/delivery/file-facts";
import { fetchJson, HttpError } from "@/lib/client/fetch-json";
import { ALGORITHM_NAMES, formatBytes, formatDateTime } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";

/** A document's own route (GET /api/connections/{id}/documents/{documentid}): its row and the provider's facts. */
export const documentFactsQuery = (connectionId: string, documentid: string) => ({
  queryKey: ["document-facts", connectionId, documentid] as const,
  queryFn: () =>
    fetchJson<DocumentWithFacts>(
      `/api/connections/${encodeURIComponent(connectionId)}/documents/${encodeURIComponent(documentid)}`,
    ),
});

/** True when the provider's hash names other bytes than those delivered: such a document is never confirmed. */
export const hashMismatch = (facts: FactsView | null | undefined) => facts?.hash?.matches === false;

/**
 * "Angaben des Anbieters": what the DTA service says about the file (size, compressed size, file
 * date, version, checksum), each as the provider gave it, and what the delivered bytes showed: a
 * checksum that does not match is an alert (the confirmation is refused, docs/api.md), a size
 * that differs a note (never enforced). Shared by the viewer and support's record.
 */
export function FileFacts({ facts }: { facts: FactsView }) {
  const t = useT();
  const display = useDisplay();
  const titleId = useId();
  const size = (n: number | null) =>
    n === null ? "—" : t("fileFacts.bytes", { size: formatBytes(n, display.locale), bytes: String(n) });
  const hash = facts.hash;
  const given = facts.source !== null || facts.doctypeversion !== null;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded border border-slate-200 bg-slate-50 p-3 text-sm"
      data-testid="file-facts"
    >
      <h3 id={titleId} className="font-semibold text-slate-900">
        {t("fileFacts.title")}
      </h3>
      {hash && hash.matches === false && hash.actual && (
        <p role="alert" className="rounded border border-red-700 bg-red-50 p-2 font-medium text-red-900">
          {t("fileFacts.hashMismatch", {
            algorithm: ALGORITHM_NAMES[hash.algorithm],
            expected: hash.hex,
            actual: hash.actual,
          })}
        </p>
      )}
      {!given ? (
        <p className="text-slate-700">{t("fileFacts.none")}</p>
      ) : (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-slate-900">
          <dt className="text-slate-700">{t("fileFacts.size")}</dt>
          <dd>
            {size(facts.filesize)}
            {facts.sizeDiffers !== null && (
              <span className="block text-amber-900">
                {t("fileFacts.sizeDiffers", { bytes: String(facts.sizeDiffers) })}
              </span>
            )}
          </dd>
          <dt className="text-slate-700">{t("fileFacts.compressed")}</dt>
          <dd>{size(facts.filesizecompressed)}</dd>
          <dt className="text-slate-700">{t("fileFacts.date")}</dt>
          <dd>{facts.filedateParsed ? formatDateTime(facts.filedateParsed, display) : (facts.filedate ?? "—")}</dd>
          <dt className="text-slate-700">{t("fileFacts.version")}</dt>
          <dd>{facts.doctypeversion ?? "—"}</dd>
          <dt className="text-slate-700">{t("fileFacts.hash")}</dt>
          <dd>
            <code className="break-all">{facts.hashvalue ?? "—"}</code>
            {facts.hashvalue !== null && <HashNote facts={facts} />}
          </dd>
        </dl>
      )}
    </section>
  );
}

/** Under the checksum: whether it matched the delivered bytes, waits for them, or is shown only. */
function HashNote({ facts }: { facts: FactsView }) {
  const t = useT();
  const hash = facts.hash;
  if (!hash) return <span className="block text-slate-700">{t("fileFacts.hashNotCheckable")}</span>;
  const algorithm = ALGORITHM_NAMES[hash.algorithm];
  if (hash.matches === true)
    return <span className="block text-green-800">{t("fileFacts.hashMatches", { algorithm })}</span>;
  if (hash.matches === null)
    return <span className="block text-slate-700">{t("fileFacts.hashUnchecked", { algorithm })}</span>;
  return null;
}

/**
 * The viewer's facts of one document, read once its file has been fetched (`ready`): that fetch
 * asked the provider for them where needed and checked the bytes against its hash. Nothing is
 * shown for a document without facts of its service (UVI) or unknown to the inbox.
 */
export function DocumentFacts({
  connectionId,
  documentid,
  ready,
}: {
  connectionId: string;
  documentid: string;
  ready: boolean;
}) {
  const t = useT();
  const query = useQuery({ ...documentFactsQuery(connectionId, documentid), enabled: ready });
  if (!ready || query.isPending) {
    return ready ? (
      <p role="status" className="text-sm text-slate-700">
        {t("fileFacts.loading")}
      </p>
    ) : null;
  }
  // A document the inbox does not know (named only by a link) has no facts to show.
  if (query.isError)
    return query.error instanceof HttpError && query.error.status === 404 ? null : (
      <p className="text-sm text-slate-700">{t("fileFacts.error")}</p>
    );
  return query.data.facts ? <FileFacts facts={query.data.facts} /> : null;
}
