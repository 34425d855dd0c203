"use client";
import { Badge } from "@/components/ui/badge";
import { StateBadge } from "@/components/ui/state-badge";
import { Td } from "@/components/ui/table";
import { formatPeriod } from "@/lib/format";
import { useLocale, useT } from "@/lib/i18n/client";
import { HandoffBadge } from "@/components/handoffs/handoff-badge";
import { FileName } from "@/components/ui/file-name";
import { DocType } from "./doc-type";
import { isConfirmable, isHandoffable, isSelectable, type DocView } from "./inbox-model";

export type RowProps = {
  doc: DocView;
  connectionName: string;
  /** The document's name for its controls' labels (see spokenNamesOf). */
  spokenName: string;
  /** The file name (or id) of the document that replaces this one. */
  replacement: string | null;
  selected: boolean;
  active: boolean;
  open: boolean;
  compact: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onConfirm: () => void;
  onHandoff: () => void;
  onFocus: () => void;
};

/** Below `md` a row is a card: file name first, then period and type, connection, state and "confirm". */
const CARD = {
  row: "max-md:grid max-md:grid-cols-[auto_minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:border-b max-md:border-slate-200 max-md:p-3",
  cell: "max-md:border-0 max-md:p-0",
};

const ACTION =
  "rounded border border-slate-300 bg-white px-2 py-1 text-xs max-md:px-3 max-md:py-2 max-md:text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/** "Weitergeben": hands the document to its resident (archived first by the hand-off when it is not yet). */
function HandoffButton({ doc, spokenName, onHandoff }: { doc: DocView; spokenName: string; onHandoff: () => void }) {
  const t = useT();
  if (!isHandoffable(doc)) return null;
  return (
    <button
      type="button"
      onClick={onHandoff}
      aria-label={t("inbox.handoff.docFor", { name: spokenName })}
      className={ACTION}
    >
      {t("inbox.handoff.doc")}
    </button>
  );
}

/** The row's button: the file name (Enter opens the document), and the document that replaces it, if any. */
function NameCell({
  doc,
  spokenName,
  replacement,
  onOpen,
}: Pick<RowProps, "doc" | "spokenName" | "replacement" | "onOpen">) {
  const t = useT();
  return (
    <Td className={`max-md:col-span-2 max-md:col-start-2 max-md:row-start-1 ${CARD.cell}`}>
      <button
        type="button"
        data-doc={doc.key}
        aria-label={spokenName === doc.filename ? undefined : spokenName}
        onClick={onOpen}
        className="text-left font-medium text-blue-800 underline decoration-blue-300 underline-offset-2 hover:decoration-blue-800 focus-visible:rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        <FileName name={doc.filename} />
      </button>
      {doc.replacedBy && (
        <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-800">
          <Badge tone="warning">{t("inbox.doc.correction")}</Badge>
          <span>{t("inbox.doc.replacedBy", { name: replacement ?? doc.replacedBy })}</span>
        </p>
      )}
    </Td>
  );
}

/** The row's actions: "confirm" (open or failed), and "Weitergeben" (under the state beside the viewer). */
function Actions({
  doc,
  spokenName,
  onConfirm,
  onHandoff,
  className,
}: Pick<RowProps, "doc" | "spokenName" | "onConfirm" | "onHandoff"> & { className: string }) {
  const t = useT();
  return (
    <div className={`flex flex-wrap items-center gap-1 ${className}`}>
      {isConfirmable(doc) && (
        <button
          type="button"
          onClick={onConfirm}
          aria-label={`${t("inbox.doc.confirm")}: ${spokenName}`}
          className={ACTION}
        >
          {t("inbox.doc.confirm")}
        </button>
      )}
      <HandoffButton doc={doc} spokenName={spokenName} onHandoff={onHandoff} />
    </div>
  );
}

/**
 * One document: its file name is the row's button (Enter opens it; j/k move the focus between
 * these buttons), the checkbox selects it, and an open or failed document can be confirmed.
 */
export function DocumentRow(props: RowProps) {
  const {
    doc,
    connectionName,
    spokenName,
    replacement,
    selected,
    active,
    open,
    compact,
    onToggle,
    onOpen,
    onConfirm,
    onHandoff,
    onFocus,
  } = props;
  const t = useT();
  const locale = useLocale();
  const actions = { doc, spokenName, onConfirm, onHandoff };
  return (
    <tr
      onFocus={onFocus}
      data-active={active || undefined}
      aria-current={open || undefined}
      className={`data-[active]:bg-blue-50 aria-[current=true]:bg-blue-100 ${CARD.row}`}
    >
      <Td className={`w-8 max-md:row-span-4 ${CARD.cell}`}>
        <input
          type="checkbox"
          checked={selected}
          disabled={!isSelectable(doc)}
          onChange={onToggle}
          aria-label={t("inbox.doc.select", { name: spokenName })}
          className="h-4 w-4 accent-blue-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        />
      </Td>
      {/* Beside the viewer the row is narrow: the period may wrap, so a file name need not break inside a word. */}
      <Td className={`${compact ? "" : "whitespace-nowrap"} max-md:col-start-2 max-md:row-start-2 ${CARD.cell}`}>
        {formatPeriod(doc.from, doc.to, locale) ?? t("inbox.doc.noPeriod")}
      </Td>
      {!compact && (
        <Td className={`whitespace-nowrap max-md:col-start-3 max-md:row-start-2 max-md:text-right ${CARD.cell}`}>
          <DocType doctype={doc.doctype} />
        </Td>
      )}
      <NameCell doc={doc} spokenName={spokenName} replacement={replacement} onOpen={onOpen} />
      {!compact && (
        <Td className={`max-md:col-span-2 max-md:col-start-2 max-md:row-start-3 ${CARD.cell}`}>{connectionName}</Td>
      )}
      <Td className={`max-md:col-start-2 max-md:row-start-4 max-md:self-center ${CARD.cell}`}>
        <div className="flex flex-wrap items-center gap-1">
          <StateBadge state={doc.state} />
          {!doc.partial && !doc.billing && <HandoffBadge handoff={doc.handoff} recipient={doc.recipient} />}
        </div>
        {compact && <Actions {...actions} className="mt-1" />}
      </Td>
      {!compact && (
        <Td className={`text-right max-md:col-start-3 max-md:row-start-4 ${CARD.cell}`}>
          <Actions {...actions} className="justify-end" />
        </Td>
      )}
    </tr>
  );
}
