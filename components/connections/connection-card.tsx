"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { SyncStatus } from "@/components/sync/sync-status";
import { Button } from "@/components/ui/button";
import { fetchJson } from "@/lib/client/fetch-json";
import { connectionKeys } from "@/lib/connections/client";
import type { Connection, ConnectionTest } from "@/lib/connections/client";
import { useT } from "@/lib/i18n/client";
import { ConnectionForm } from "./connection-form";
import { ConnectionSharing } from "./connection-sharing";
import { OutboxLink } from "@/components/outbox/outbox-link";
import { SyncRun } from "@/components/sync/sync-run";
import { useSyncRun } from "@/components/sync/use-sync-run";

/** What a connection is: its service, address, kind of sign-in, who signs in and customer number (never a secret). */
function ConnectionFacts({ connection }: { connection: Connection }) {
  const t = useT();
  const isBasic = connection.authType === "basic";
  return (
    <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm text-slate-700">
      <dt>{t("connPage.service")}</dt>
      <dd>{t(connection.service === "uvi" ? "connPage.service.uvi" : "connPage.service.dta")}</dd>
      <dt>{t("connPage.baseUrl")}</dt>
      <dd className="break-all">{connection.baseUrl}</dd>
      <dt>{t("connPage.authType")}</dt>
      <dd>{t(isBasic ? "connPage.authType.basic" : "connPage.authType.client_credentials")}</dd>
      <dt>{t(isBasic ? "connPage.username" : "connPage.clientId")}</dt>
      <dd className="break-all">{connection.principal}</dd>
      {connection.customerNumber && (
        <>
          <dt>{t("connPage.customerNumber")}</dt>
          <dd>{connection.customerNumber}</dd>
        </>
      )}
      {connection.onSiteRolesUrl && (
        <>
          <dt>{t("connPage.onSiteRolesUrl")}</dt>
          <dd className="break-all">{connection.onSiteRolesUrl}</dd>
        </>
      )}
    </dl>
  );
}

/** The question before deleting, in the card itself; focus starts on "delete". */
function DeleteQuestion(props: {
  connection: Connection;
  pending: boolean;
  error: Error | null;
  onYes: () => void;
  onNo: () => void;
}) {
  const t = useT();
  const { connection } = props;
  return (
    <div
      role="alertdialog"
      aria-labelledby={`del-${connection.id}`}
      className="mt-3 flex flex-wrap items-center gap-2 rounded border border-red-200 bg-red-50 p-3"
    >
      <p id={`del-${connection.id}`} className="text-sm text-red-900">
        {t("connPage.deleteConfirm", { name: connection.name })}
      </p>
      <Button variant="danger" autoFocus onClick={props.onYes} disabled={props.pending}>
        {t("connPage.deleteYes")}
      </Button>
      <Button variant="secondary" onClick={props.onNo}>
        {t("common.cancel")}
      </Button>
      {props.error && (
        <p role="alert" className="text-sm text-red-800">
          {props.error.message}
        </p>
      )}
    </div>
  );
}

/**
 * The card's test and sync. A connection just created is tested at once and, when the test
 * works, synced, so that its documents are in the inbox without another click.
 */
function useCardRuns(connection: Connection, isNew: boolean) {
  const run = useSyncRun(connection);
  const test = useMutation({
    mutationFn: () => fetchJson<ConnectionTest>(`/api/connections/${connection.id}/test`, { method: "POST" }),
  });
  const started = useRef(false);
  const { mutate } = test;
  const { start } = run;
  useEffect(() => {
    if (!isNew || started.current) return;
    started.current = true;
    mutate(undefined, { onSuccess: (result) => result.ok && start() });
  }, [isNew, mutate, start]);
  return { test, run };
}

/** Deleting the connection; when done, the notice says so and the list is fetched again. */
function useRemoveConnection(connection: Connection, onNotice: (text: string) => void) {
  const t = useT();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<void>(`/api/connections/${connection.id}`, { method: "DELETE" }),
    onSuccess: () => {
      onNotice(t("connPage.deleted", { name: connection.name }));
      return client.invalidateQueries({ queryKey: connectionKeys.all });
    },
  });
}

/** The card's buttons: test, edit and delete (the owner's only), and the link to the connection's outbox. */
function CardActions(props: {
  connection: Connection;
  testing: boolean;
  deleting: boolean;
  onTest: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const { connection } = props;
  return (
    <div role="group" aria-label={t("connPage.actions", { name: connection.name })} className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={props.onTest} disabled={props.testing}>
        {props.testing ? t("connPage.testing") : t("connPage.test")}
      </Button>
      {connection.mine && (
        <>
          <Button variant="secondary" onClick={props.onEdit}>
            {t("connPage.edit")}
          </Button>
          <Button variant="danger" onClick={props.onDelete} disabled={props.deleting}>
            {t("connPage.delete")}
          </Button>
        </>
      )}
      <OutboxLink connection={connection} />
    </div>
  );
}

/** The outcome of the last test, announced politely: green when it worked, red with the reason when not. */
function TestResult({ result }: { result: { ok: boolean; message: string } | null }) {
  return (
    <div aria-live="polite">
      {result && (
        <p
          className={`mt-3 rounded p-2 text-sm ${result.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-800"}`}
          data-testid="connection-test-result"
        >
          {result.message}
        </p>
      )}
    </div>
  );
}

export function ConnectionCard({
  connection,
  isNew,
  onNotice,
  adminTeamId,
}: {
  connection: Connection;
  isNew: boolean;
  onNotice: (text: string) => void;
  /** The signed-in admin's team (whose members may take over a connection); absent for everyone else. */
  adminTeamId?: string;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { test, run } = useCardRuns(connection, isNew);
  const remove = useRemoveConnection(connection, onNotice);

  if (editing) {
    return (
      <li>
        <ConnectionForm
          connection={connection}
          onCancel={() => setEditing(false)}
          onDone={(c) => {
            setEditing(false);
            onNotice(t("connPage.saved", { name: c.name }));
          }}
        />
      </li>
    );
  }

  const result = test.data ?? (test.error ? { ok: false, message: test.error.message } : null);
  return (
    <li className="min-w-0 rounded border border-slate-200 bg-white p-4" aria-labelledby={`conn-${connection.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`conn-${connection.id}`} className="font-semibold break-words">
            {connection.name}
          </h2>
          <ConnectionFacts connection={connection} />
          <ConnectionSharing connection={connection} adminTeamId={adminTeamId} onNotice={onNotice} />
          <p className="mt-2 text-sm text-slate-800" data-testid="connection-open">
            {t(connection.open === 1 ? "connPage.open.one" : "connPage.open.other", { n: connection.open })}
          </p>
          <SyncStatus connection={connection} showOpen={false} />
          {!run.sync.isIdle && <SyncRun connection={connection} run={run} />}
        </div>
        <CardActions
          connection={connection}
          testing={test.isPending}
          deleting={remove.isPending}
          onTest={() => test.mutate()}
          onEdit={() => setEditing(true)}
          onDelete={() => setConfirmingDelete(true)}
        />
      </div>
      <TestResult result={result} />
      {confirmingDelete && (
        <DeleteQuestion
          connection={connection}
          pending={remove.isPending}
          error={remove.error}
          onYes={() => remove.mutate()}
          onNo={() => setConfirmingDelete(false)}
        />
      )}
    </li>
  );
}
