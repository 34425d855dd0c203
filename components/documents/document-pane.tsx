"use client";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { FileName } from "@/components/ui/file-name";
import { Button } from "@/components/ui/button";
import { StateBadge } from "@/components/ui/state-badge";
import { DocumentFacts, documentFactsQuery, hashMismatch } from "@/components/viewer/file-facts";
import { fileQuery } from "@/components/viewer/file-query";
import { LazyDocumentViewer } from "@/components/viewer/lazy-viewer";
import { HttpError } from "@/lib/client/fetch-json";
import { formatPeriod } from "@/lib/format";
import { useLocale, useT } from "@/lib/i18n/client";
import { isConfirmable, isHandoffable, type DocView } from "./inbox-model";

/**
 * Once confirmed (before, "Bestätigen und weitergeben" asks), a document its resident can receive is handed on from the
 * viewer too: one the rule gives to a resident of its period.
 */
const handsOn = (doc: DocView) =>
  !isConfirmable(doc) &&
  isHandoffable(doc) &&
  (doc.state === "confirmed" || doc.state === "elsewhere") &&
  (doc.recipient === "resident" || doc.recipient === "assigned");

const PANE =
  "flex flex-col gap-3 bg-white p-3 md:rounded md:border md:border-slate-300 max-md:min-h-full lg:sticky lg:top-4 lg:h-[calc(100vh-2rem)]";

/**
 * The right half of the split view (on a phone, the whole screen): the open document in the
 * viewer island, with its facts and the provider's details of the file, a close button (Esc does the same) and, while
 * it is open, its confirmation; once confirmed, its hand-off to the resident ("Weitergeben"). A document named only by a link is looked up by fetching it (the viewer shares
 * that fetch), then named by its record's file name and state; when the route does not know it, the pane says so and
 * leads back. However it opens (a link, a reload, the keyboard), it is brought into view.
 */
export function DocumentPane(props: {
  doc: DocView;
  connectionName: string;
  inDialog: boolean;
  onClose: () => void;
  onConfirm: () => void;
  onHandoff: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { doc } = props;
  const src = `/api/connections/${encodeURIComponent(doc.connectionId)}/documents/${encodeURIComponent(doc.documentid)}/data`;
  const probe = useQuery({ ...fileQuery(src), enabled: Boolean(doc.partial) });
  // The provider's facts once the viewer has the file (its fetch checked the bytes against them);
  // other bytes than the provider describes cannot be confirmed, so the button is not offered.
  const ready = probe.isSuccess || probe.isError;
  const facts = useQuery({ ...documentFactsQuery(doc.connectionId, doc.documentid), enabled: ready });
  const mismatch = hashMismatch(facts.data?.facts);
  // In the phone's dialog the dialog is what the heading names (a region of the same name inside would repeat it).
  const named = props.inDialog ? {} : { "aria-labelledby": "viewer-title" };
  const pane = useInView(doc.key, props.inDialog);
  const filename = (doc.partial && facts.data?.filename) || doc.filename;
  const state = doc.partial ? facts.data?.state : doc.state;
  if (doc.partial && probe.error instanceof HttpError && probe.error.status === 404)
    return <MissingDocument named={named} onClose={props.onClose} />;
  return (
    <section {...named} ref={pane} className={PANE} data-testid="document-pane">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="viewer-title" className="font-semibold text-slate-900">
            <FileName name={filename} />
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            {state && <StateBadge state={state} />}
            {doc.unit && <span>{t("inbox.unit.title", { unit: doc.unit })}</span>}
            {formatPeriod(doc.from, doc.to, locale) && <span>{formatPeriod(doc.from, doc.to, locale)}</span>}
            {!doc.partial && <span>{props.connectionName}</span>}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          {isConfirmable(doc) && !mismatch && <Button onClick={props.onConfirm}>{t("inbox.doc.confirm")}</Button>}
          {handsOn(doc) && (
            <Button variant="secondary" onClick={props.onHandoff}>
              {t("inbox.handoff.doc")}
            </Button>
          )}
          <Button variant="secondary" onClick={props.onClose}>
            {t("common.close")}
          </Button>
        </div>
      </div>
      <DocumentFacts connectionId={doc.connectionId} documentid={doc.documentid} ready={ready} />
      <div className="min-h-[60vh] flex-1 overflow-auto lg:min-h-0">
        <LazyDocumentViewer key={doc.key} src={src} mimetype={doc.mimetype} filename={filename} />
      </div>
    </section>
  );
}

/**
 * Scrolls the pane into view when a document opens in it and it is not wholly in sight (opened by a link or a reload
 * below the page's head, or by the keyboard far down the list). The phone's dialog fills the screen already.
 */
function useInView(key: string, inDialog: boolean) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || inDialog) return;
    const box = el.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({ block: "start" });
  }, [key, inDialog]);
  return ref;
}

/** A link to a document this user's inbox does not have: said in words, with the way back. */
function MissingDocument({ named, onClose }: { named: { "aria-labelledby"?: string }; onClose: () => void }) {
  const t = useT();
  return (
    <section {...named} className={PANE} data-testid="document-pane">
      <h2 id="viewer-title" className="font-semibold text-slate-900">
        {t("inbox.doc.notFound")}
      </h2>
      <p className="text-sm text-slate-800">{t("inbox.doc.notFoundHint")}</p>
      <Button variant="secondary" className="self-start" onClick={onClose}>
        {t("inbox.doc.back")}
      </Button>
    </section>
  );
}
