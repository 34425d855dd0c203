"use client";
import { keepPreviousData, useQuery, type UseQueryResult } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useMemo, useRef } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { useNarrow } from "@/components/ui/use-narrow";
import { connectionsQuery } from "@/lib/connections/client";
import { inboxQuery } from "@/lib/views/inbox/client";
import { useSearchState } from "@/lib/client/use-search-state";
import { INBOX_VIEW_DEFAULTS, inboxInputOf, readInboxView, type InboxSearch } from "@/lib/views/inbox/list";
import type { Connection } from "@/lib/connections/client";
import type { Inbox } from "@/lib/views/inbox/client";
import { useT } from "@/lib/i18n/client";
import { InboxDocuments } from "./inbox-documents";
import { InboxFilters } from "./inbox-filters";
import { isConfirmable, parseDocKey, toTarget, viewsOf, type DocView } from "./inbox-model";
import { InboxSummary } from "./inbox-summary";
import { LazyConfirmDialog, LazyHandoffDialog, LazyRunPanel, LazyShortcutsHelp } from "./lazy-parts";
import { useInboxDialogs } from "./use-inbox-dialogs";
import { useInboxRuns } from "./use-inbox-runs";
import { focusDoc, useInboxNavigation } from "./use-inbox-navigation";
import { useInboxSelection } from "./use-inbox-selection";
import { useInboxShortcuts } from "./use-inbox-shortcuts";
import { useKeptConfirmed } from "./use-kept-confirmed";

type InboxDialogState = ReturnType<typeof useInboxDialogs>;
type InboxRuns = ReturnType<typeof useInboxRuns>;

/** The default view's filters ("Filter zurücksetzen"). */
const NO_FILTERS = {
  connection: undefined,
  month: undefined,
  q: undefined,
  state: "open",
  property: undefined,
} as const;

/**
 * The inbox (Posteingang): every view of it is named by its URL. On a phone the open document is
 * a dialog of its own, which owns the keyboard while open (no shortcuts then).
 */
export function InboxView() {
  const t = useT();
  const [search, update] = useSearchState(readInboxView, INBOX_VIEW_DEFAULTS);
  const { doc: openKey, ...list } = search;
  const listKey = JSON.stringify(list);
  const { inbox, connections, groups: fresh, connectionList, connectionName } = useInboxData(search);
  const dialogs = useInboxDialogs();
  const viewerDialog = useNarrow() && Boolean(openKey);
  // The runs spend the selection and keep what they confirmed: both are made from the rows, which show the runs.
  const later = useRef({ clear: () => {}, keep: (_keys: string[]) => {} });
  const uncover = () => viewerDialog && update({ doc: undefined });
  const runs = useInboxRuns({ clear: () => later.current.clear() }, uncover, (keys) => later.current.keep(keys));
  const { groups, keep } = useKeptConfirmed(listKey, fresh, runs.handoff.panel?.id ?? null);
  const docs = useMemo(() => groups.flatMap((g) => g.docs), [groups]);
  const selection = useInboxSelection(listKey, docs);
  const nav = useInboxNavigation(docs, openKey, (key) => update({ doc: key }, { replace: true }));
  useEffect(() => {
    later.current = { clear: selection.clear, keep };
  });
  const openDoc = openKey ? (docs.find((d) => d.key === openKey) ?? fallbackDoc(openKey)) : null;
  // A selection may hold documents only to be handed off: the question names those it can confirm.
  const ask = (list: DocView[]) => dialogs.askFor(list.filter(isConfirmable).map(toTarget));
  const open = (d: DocView) => update({ doc: d.key });
  const closeViewer = () => {
    update({ doc: undefined });
    if (openKey) focusDoc(openKey);
  };
  const { active } = nav;

  useInboxShortcuts(!dialogs.isOpen && !viewerDialog, {
    j: () => nav.move(1),
    k: () => nav.move(-1),
    o: () => active && open(active),
    Enter: () => active && open(active),
    x: () => active && selection.toggle(active),
    c: () => ask(toConfirm(selection.selectedDocs, active ?? openDoc)),
    Escape: () => openKey && closeViewer(),
    "?": dialogs.showHelp,
  });

  const filtered = Boolean(list.connection || list.month || list.q || list.state !== "open" || list.property);
  const neverSynced = connectionList.every((c) => c.lastSync === null);

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5 max-md:gap-3">
      <h1 id="page-title" className="text-xl font-semibold">
        {t("inbox.title")}
      </h1>
      <InboxNotices inbox={inbox} connections={connections} />
      {inbox.data && connectionList.length > 0 && (
        <>
          <InboxSummary inbox={inbox.data} connections={connectionList} />
          <InboxFilters
            search={list}
            connections={connectionList}
            properties={inbox.data.properties}
            onChange={update}
          />
          <InboxRunPanels runs={runs} docs={docs} onRetry={dialogs.askFor} />
          <InboxDocuments
            groups={groups}
            register={inbox.data.register}
            selection={selection}
            nav={nav}
            openDoc={openDoc}
            connectionName={connectionName}
            empty={{ filtered, neverSynced, onReset: () => update(NO_FILTERS) }}
            paging={{ offset: list.offset, limit: list.limit, documents: inbox.data.documents, onChange: update }}
            onOpen={open}
            onAsk={ask}
            onHandoff={runs.ask}
            onHelp={dialogs.showHelp}
            onCloseViewer={closeViewer}
          />
        </>
      )}
      <InboxDialogs dialogs={dialogs} runs={runs} connections={connectionList} />
    </section>
  );
}

/**
 * The inbox's page (kept while the next one loads) and the connections it names, with the page's
 * documents as views in their groups.
 */
function useInboxData(search: InboxSearch) {
  const t = useT();
  const inbox = useQuery({ ...inboxQuery(inboxInputOf(search)), placeholderData: keepPreviousData });
  const connections = useQuery(connectionsQuery());
  const groups = useMemo(() => viewsOf(inbox.data?.groups ?? []), [inbox.data]);
  const connectionList = connections.data ?? [];
  const names = new Map(connectionList.map((c) => [c.id, c.name]));
  const connectionName = (id: string) => names.get(id) ?? t("inbox.doc.unknownConnection");
  return { inbox, connections, groups, connectionList, connectionName };
}

/** What "c" asks about: the selection, else the active (or the open) document if it can be confirmed. */
function toConfirm(selected: DocView[], current: DocView | null): DocView[] {
  return selected.length > 0 ? selected : [current].filter((d): d is DocView => d !== null && isConfirmable(d));
}

/** The panels of the runs started here: confirmations, and hand-offs to residents (components/runs). */
function InboxRunPanels({
  runs,
  docs,
  onRetry,
}: {
  runs: InboxRuns;
  docs: DocView[];
  onRetry: InboxDialogState["askFor"];
}) {
  const { confirmRun: run, handoff } = runs;
  return (
    <>
      {run.panel && <LazyRunPanel key={run.panel.key} run={run.panel} onRetry={onRetry} />}
      {handoff.panel && <LazyRunPanel key={`h${handoff.panel.key}`} run={handoff.panel} docs={docs} />}
    </>
  );
}

/** The questions over the inbox (before a confirmation, before a hand-off) and the shortcuts help. */
function InboxDialogs({
  dialogs,
  runs,
  connections,
}: {
  dialogs: InboxDialogState;
  runs: InboxRuns;
  connections: Connection[];
}) {
  const { asking, cancelAsking, confirm, confirmAndHandOn, handOff } = runs;
  return (
    <>
      {dialogs.asking && (
        <LazyConfirmDialog
          targets={dialogs.asking}
          connections={connections}
          onCancel={dialogs.cancel}
          onConfirm={confirm}
          onConfirmAndHandOn={confirmAndHandOn}
        />
      )}
      {dialogs.helpOpen && <LazyShortcutsHelp onClose={dialogs.closeHelp} />}
      {asking && <LazyHandoffDialog docs={asking} onCancel={cancelAsking} onStart={handOff} />}
    </>
  );
}

/** Loading, a failure to load (with a retry), or no connection yet (with the way to make one). */
function InboxNotices({
  inbox,
  connections,
}: {
  inbox: UseQueryResult<Inbox>;
  connections: UseQueryResult<Connection[]>;
}) {
  const t = useT();
  const error = inbox.error ?? connections.error;
  return (
    <>
      {(inbox.isPending || connections.isPending) && <p role="status">{t("common.loading")}</p>}
      {error && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <p>{error.message}</p>
          <Button variant="secondary" onClick={() => void Promise.all([inbox.refetch(), connections.refetch()])}>
            {t("inbox.retry")}
          </Button>
        </div>
      )}
      {connections.data?.length === 0 && (
        <EmptyState title={t("inbox.empty.noConnections")}>
          <p>{t("inbox.empty.noConnectionsHint")}</p>
          <Link
            href="/connections"
            className="mt-3 inline-block rounded bg-blue-700 px-3 py-2 font-medium text-white hover:bg-blue-800"
          >
            {t("inbox.empty.toConnections")}
          </Link>
        </EmptyState>
      )}
    </>
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
    // Unknown: the viewer tells the kind by the bytes.
    mimetype: "",
    property: null,
    from: null,
    to: null,
    state: "open",
    replacedBy: null,
    unit: null,
    billing: false,
    archived: false,
    handoff: null,
    recipient: null,
    partial: true,
  };
}
