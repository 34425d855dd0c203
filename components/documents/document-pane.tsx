"use client";
import { Button } from "@/components/ui/button";
import { LazyDocumentViewer } from "@/components/viewer/lazy-viewer";
import { formatPeriod } from "@/lib/client/format";
import { useLocale, useT } from "@/lib/i18n/client";
import { StateBadge } from "@/components/ui/state-badge";
import { isConfirmable, type DocView } from "./inbox-model";

/**
 * The right half of the split view: the open document in the viewer island, with its facts, a
 * close button (Esc does the same) and, while it is open, its confirmation.
 */
export function DocumentPane(props: { doc: DocView; connectionName: string; onClose: () => void; onConfirm: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { doc } = props;
  const src = `/api/connections/${encodeURIComponent(doc.connectionId)}/documents/${encodeURIComponent(doc.documentid)}/data`;
  return (
    <section
      aria-labelledby="viewer-title"
      className="flex flex-col gap-3 rounded border border-slate-300 bg-white p-3 lg:sticky lg:top-4 lg:h-[calc(100vh-2rem)]"
      data-testid="document-pane"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="viewer-title" className="break-all font-semibold text-slate-900">
            {doc.filename}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            {!doc.partial && <StateBadge state={doc.state} />}
            {doc.unit && <span>{t("inbox.unit.title", { unit: doc.unit })}</span>}
            {formatPeriod(doc.from, doc.to, locale) && <span>{formatPeriod(doc.from, doc.to, locale)}</span>}
            <span>{props.connectionName}</span>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          {isConfirmable(doc) && <Button onClick={props.onConfirm}>{t("inbox.doc.confirm")}</Button>}
          <Button variant="secondary" onClick={props.onClose}>
            {t("common.close")}
          </Button>
        </div>
      </div>
      <div className="min-h-[60vh] flex-1 overflow-auto lg:min-h-0">
        <LazyDocumentViewer key={doc.key} src={src} mimetype={doc.mimetype} filename={doc.filename} />
      </div>
    </section>
  );
}
