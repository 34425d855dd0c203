"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { connectionsQuery, inboxQuery } from "@/lib/client/queries";
import { useSearchState } from "@/lib/client/use-search-state";
import { INBOX_PAGE_SIZES, INBOX_VIEW_DEFAULTS, inboxInputOf, readInboxView } from "@/lib/lists/inbox";
import { useT } from "@/lib/i18n/client";
import { ConfirmDialog } from "./confirm-dialog";
import { ConfirmRunPanel } from "./confirm-run-panel";
import { DocumentPane } from "./document-pane";
import { InboxFilters } from "./inbox-filters";
import { isConfirmable, parseDocKey, toTarget, viewsOf, type DocView, type Target } from "./inbox-model";
import { InboxSummary } from "./inbox-summary";
import { SelectionBar } from "./selection-bar";
import { ShortcutsHelp } from "./shortcuts-help";
import { UnitGroup, type GroupHandlers } from "./unit-group";
import { useConfirmRun } from "./use-confirm-run";
import { useInboxShortcuts } from "./use-inbox-shortcuts";

const NONE: ReadonlySet<string> = new Set();

const focusDoc = (key: string) => document.querySelector<HTMLElement>(`[data-doc="${CSS.escape(key)}"]`)?.focus();

/** The inbox (Posteingang): every view of it is named by its URL. */
export function InboxView() {
  const t = useT();
  const [search, update] = useSearchState(readInboxView, INBOX_VIEW_DEFAULTS);
  const { doc: openKey, ...list } = search;
  const inbox = useQuery({ ...inboxQuery(inboxInputOf(search)), placeholderData: keepPreviousData });
  const connections = useQuery(connectionsQuery());
  const run = useConfirmRun();

  // A selection belongs to the view it was made in: another page or filter starts empty.
  const listId = JSON.stringify(list);
  const [selection, setSelection] = useState<{ listId: string; keys: ReadonlySet<string> }>({ listId, keys: NONE });
  const selected = selection.listId === listId ? selection.keys : NONE;
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [asking, setAsking] = useState<Target[] | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  // The dialogs open without a Radix trigger (a shortcut, a row's button): focus goes back by hand.
  const returnTo = useRef<HTMLElement | null>(null);
  const dialogOpen = asking !== null || helpOpen;
  useEffect(() => {
    if (dialogOpen) return;
    const el = returnTo.current;
    returnTo.current = null;
    if (el?.isConnected) el.focus();
  }, [dialogOpen]);
  const remember = () => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const showHelp = () => {
    remember();
    setHelpOpen(true);
  };

  const groups = useMemo(() => viewsOf(inbox.data?.groups ?? []), [inbox.data]);
  const docs = useMemo(() => groups.flatMap((g) => g.docs), [groups]);
  const selectable = docs.filter(isConfirmable);
  const selectedDocs = selectable.filter((d) => selected.has(d.key));
  const connectionList = connections.data ?? [];
  const names = new Map(connectionList.map((c) => [c.id, c.name]));
  const connectionName = (id: string) => names.get(id) ?? t("inbox.doc.unknownConnection");
  const active = docs.find((d) => d.key === activeKey) ?? null;
  const openDoc = openKey ? (docs.find((d) => d.key === openKey) ?? fallbackDoc(openKey)) : null;

  const setSelected = (keys: ReadonlySet<string>) => setSelection({ listId, keys });
  const toggle = (d: DocView) => {
    if (!isConfirmable(d)) return;
    const next = new Set(selected);
    if (!next.delete(d.key)) next.add(d.key);
    setSelected(next);
  };
  const askFor = (targets: Target[]) => {
    if (targets.length === 0) return;
    remember();
    setAsking(targets);
  };
  const ask = (list: DocView[]) => askFor(list.map(toTarget));
  const open = (d: DocView) => update({ doc: d.key });
  const closeViewer = () => {
    const key = openKey;
    update({ doc: undefined });
    if (key) focusDoc(key);
  };
  const move = (delta: 1 | -1) => {
    if (docs.length === 0) return;
    const at = docs.findIndex((d) => d.key === activeKey);
    const next = docs[at < 0 ? (delta > 0 ? 0 : docs.length - 1) : Math.min(docs.length - 1, Math.max(0, at + delta))]!;
    setActiveKey(next.key);
    focusDoc(next.key);
    // While reading, the viewer follows the focus (without a history entry per document).
    if (openKey && next.key !== openKey) update({ doc: next.key }, { replace: true });
  };

  useInboxShortcuts(!dialogOpen, {
    j: () => move(1),
    k: () => move(-1),
    o: () => active && open(active),
    Enter: () => active && open(active),
    x: () => active && toggle(active),
    c: () => ask(selectedDocs.length > 0 ? selectedDocs : [active ?? openDoc].filter((d): d is DocView => d !== null && isConfirmable(d))),
    Escape: () => openKey && closeViewer(),
    "?": showHelp,
  });

  const handlers: GroupHandlers = {
    connectionName,
    isSelected: (key) => selected.has(key),
    activeKey,
    openKey: openKey ?? null,
    compact: openDoc !== null,
    onToggle: toggle,
    onOpen: open,
    onConfirm: ask,
    onFocus: (d) => setActiveKey(d.key),
  };

  const filtered = Boolean(list.connection || list.month || list.q || list.state !== "open");
  const neverSynced = connectionList.every((c) => c.lastSync === null);

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <h1 id="page-title" className="text-xl font-semibold">
        {t("inbox.title")}
      </h1>
      {(inbox.isPending || connections.isPending) && <p role="status">{t("common.loading")}</p>}
      {(inbox.error ?? connections.error) && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <p>{(inbox.error ?? connections.error)?.message}</p>
          <Button variant="secondary" onClick={() => void Promise.all([inbox.refetch(), connections.refetch()])}>
            {t("inbox.retry")}
          </Button>
        </div>
      )}
      {connections.data?.length === 0 && (
        <EmptyState title={t("inbox.empty.noConnections")}>
          <p>{t("inbox.empty.noConnectionsHint")}</p>
          <Link href="/connections" className="mt-3 inline-block rounded bg-blue-700 px-3 py-2 font-medium text-white hover:bg-blue-800">
            {t("inbox.empty.toConnections")}
          </Link>
        </EmptyState>
      )}
      {inbox.data && connectionList.length > 0 && (
        <>
          <InboxSummary inbox={inbox.data} connections={connectionList} />
          <InboxFilters search={list} connections={connectionList} onChange={update} />
          {run.targets.length > 0 && (
            <ConfirmRunPanel targets={run.targets} outcomes={run.outcomes} running={run.isRunning} onRetry={askFor} onClose={run.reset} />
          )}
          {/* The split view uses the window's width, beyond the page's column: a document needs room. */}
          <div className={openDoc ? "grid items-start gap-4 lg:mx-[calc(50%-50vw+1rem)] lg:grid-cols-[minmax(0,9fr)_minmax(0,11fr)]" : "flex flex-col"}>
            <div className="flex min-w-0 flex-col gap-3">
              <SelectionBar
                selectable={selectable.length}
                selected={selectedDocs.length}
                onAll={(all) => setSelected(all ? new Set(selectable.map((d) => d.key)) : NONE)}
                onConfirm={() => ask(selectedDocs)}
                onClear={() => setSelected(NONE)}
                onHelp={showHelp}
              />
              {groups.length === 0 && (
                <EmptyInbox
                  filtered={filtered}
                  neverSynced={neverSynced}
                  onReset={() => update({ connection: undefined, month: undefined, q: undefined, state: "open" })}
                />
              )}
              {groups.map(({ group, docs: unitDocs }, i) => (
                <UnitGroup key={group.unit ?? "\u0000none"} group={group} docs={unitDocs} index={i} h={handlers} />
              ))}
              {inbox.data.units > 0 && (
                <Pager
                  offset={list.offset}
                  limit={list.limit}
                  count={inbox.data.units}
                  sizes={INBOX_PAGE_SIZES}
                  sizeLabel={t("inbox.pager.size")}
                  onChange={update}
                />
              )}
            </div>
            {openDoc && (
              <DocumentPane doc={openDoc} connectionName={connectionName(openDoc.connectionId)} onClose={closeViewer} onConfirm={() => ask([openDoc])} />
            )}
          </div>
        </>
      )}
      <ConfirmDialog
        targets={asking}
        connections={connectionList}
        onCancel={() => setAsking(null)}
        onConfirm={(targets) => {
          setSelected(NONE);
          run.start(targets);
        }}
      />
      <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
    </section>
  );
}

/** A document named by a link but not on this page: viewable all the same. */
function fallbackDoc(key: string): DocView | null {
  const parsed = parseDocKey(key);
  if (!parsed) return null;
  return {
    key,
    ...parsed,
    filename: parsed.documentid,
    doctype: "",
    mimetype: "application/octet-stream",
    property: null,
    from: null,
    to: null,
    state: "open",
    replacedBy: null,
    unit: null,
    partial: true,
  };
}

function EmptyInbox({ filtered, neverSynced, onReset }: { filtered: boolean; neverSynced: boolean; onReset: () => void }) {
  const t = useT();
  if (filtered) {
    return (
      <EmptyState title={t("inbox.empty.filtered")}>
        <Button variant="secondary" onClick={onReset}>
          {t("inbox.filters.reset")}
        </Button>
      </EmptyState>
    );
  }
  return (
    <EmptyState title={t(neverSynced ? "inbox.empty.notSynced" : "inbox.empty.allDone")}>
      <p>{t(neverSynced ? "inbox.empty.notSyncedHint" : "inbox.empty.allDoneHint")}</p>
    </EmptyState>
  );
}
