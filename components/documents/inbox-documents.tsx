"use client";
import { Fragment } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { StateLegend } from "@/components/ui/state-badge";
import { useNarrow } from "@/components/ui/use-narrow";
import type { InboxGroup } from "@/lib/views/inbox/client";
import { INBOX_PAGE_SIZES } from "@/lib/views/inbox/list";
import { useT } from "@/lib/i18n/client";
import { spokenNamesOf, type DocView } from "./inbox-model";
import { LazyDocumentPane, LazyViewerDialog } from "./lazy-parts";
import { PropertyHeading, sectionOf } from "./property-heading";
import { SelectionBar } from "./selection-bar";
import { UnitGroup, type GroupHandlers } from "./unit-group";
import type { useInboxNavigation } from "./use-inbox-navigation";
import type { useInboxSelection } from "./use-inbox-selection";

type Paging = {
  offset: number;
  limit: number;
  /** All documents of the view: a page holds `limit` of them. */
  documents: number;
  onChange: (patch: { offset: number; limit?: number }) => void;
};
type Empty = { filtered: boolean; neverSynced: boolean; onReset: () => void };

type Props = {
  groups: { group: InboxGroup; docs: DocView[] }[];
  /** The user keeps a unit register: the units come under their property's heading. */
  register: boolean;
  selection: ReturnType<typeof useInboxSelection>;
  nav: Pick<ReturnType<typeof useInboxNavigation>, "activeKey" | "setActiveKey">;
  openDoc: DocView | null;
  connectionName: (id: string) => string;
  empty: Empty;
  paging: Paging;
  onOpen: (doc: DocView) => void;
  onAsk: (docs: DocView[]) => void;
  onHandoff: (docs: DocView[]) => void;
  onHelp: () => void;
  onCloseViewer: () => void;
};

/**
 * The page's documents by usage unit, with the selection bar and the pager, and beside them the
 * open document: the split view uses the window's width, beyond the page's column, since a
 * document needs room. On a phone the documents are cards and the open one a full-screen dialog.
 */
export function InboxDocuments(props: Props) {
  const t = useT();
  const { selection, openDoc, paging } = props;
  const narrow = useNarrow();
  const spoken = spokenNamesOf(
    props.groups.flatMap((g) => g.docs),
    (d) => t("inbox.doc.nameAt", { name: d.filename, connection: props.connectionName(d.connectionId) }),
  );
  const handlers: GroupHandlers = {
    connectionName: props.connectionName,
    spokenName: (d) => spoken.get(d.key) ?? d.filename,
    isSelected: selection.isSelected,
    activeKey: props.nav.activeKey,
    openKey: openDoc?.key ?? null,
    compact: openDoc !== null && !narrow,
    onToggle: selection.toggle,
    onOpen: props.onOpen,
    onConfirm: props.onAsk,
    onHandoff: props.onHandoff,
    onFocus: (d) => props.nav.setActiveKey(d.key),
  };
  const pane = openDoc && (
    <LazyDocumentPane
      doc={openDoc}
      connectionName={props.connectionName(openDoc.connectionId)}
      inDialog={narrow}
      onClose={props.onCloseViewer}
      onConfirm={() => props.onAsk([openDoc])}
      onHandoff={() => props.onHandoff([openDoc])}
    />
  );
  return (
    <div
      className={
        openDoc && !narrow
          ? "grid items-start gap-4 lg:mx-[calc(50%-50vw+var(--shell-aside,0px)/2+1rem)] lg:grid-cols-[minmax(0,9fr)_minmax(0,11fr)]"
          : "flex flex-col"
      }
    >
      <div className="flex min-w-0 flex-col gap-3">
        <SelectionBar
          selectable={selection.selectable.length}
          selected={selection.selectedDocs}
          onAll={selection.selectAll}
          onConfirm={() => props.onAsk(selection.selectedDocs)}
          onHandoff={() => props.onHandoff(selection.selectedDocs)}
          onClear={selection.clear}
          onHelp={props.onHelp}
        />
        {props.groups.length === 0 && <EmptyInbox {...props.empty} />}
        <GroupsByProperty groups={props.groups} register={props.register} handlers={handlers} />
        {paging.documents > 0 && (
          <Pager
            offset={paging.offset}
            limit={paging.limit}
            count={paging.documents}
            sizes={INBOX_PAGE_SIZES}
            sizeLabel={t("inbox.pager.size")}
            onChange={paging.onChange}
          />
        )}
        {props.groups.length > 0 && <StateLegend />}
      </div>
      {openDoc && narrow ? (
        <LazyViewerDialog docKey={openDoc.key} onClose={props.onCloseViewer}>
          {pane}
        </LazyViewerDialog>
      ) : (
        pane
      )}
    </div>
  );
}

/**
 * The page's units; with a register, each property's units under its heading ("Nicht zugeordnet" last). A property's
 * own files (its billing unit) come first under its heading; one the register cannot place has a heading of its own.
 */
function GroupsByProperty(props: {
  groups: { group: InboxGroup; docs: DocView[] }[];
  register: boolean;
  handlers: GroupHandlers;
}) {
  const { groups, register } = props;
  return groups.map(({ group, docs }, i) => (
    <Fragment key={group.unit ?? "\u0000none"}>
      {register && (i === 0 || sectionOf(group) !== sectionOf(groups[i - 1]!.group)) && (
        <PropertyHeading group={group} property={docs[0]?.property ?? null} />
      )}
      <UnitGroup group={group} docs={docs} index={i} nested={register} h={props.handlers} />
    </Fragment>
  ));
}

function EmptyInbox({
  filtered,
  neverSynced,
  onReset,
}: {
  filtered: boolean;
  neverSynced: boolean;
  onReset: () => void;
}) {
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
