"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useT } from "@/lib/i18n/client";
import { ConnectionCard } from "./connection-card";
import { ConnectionForm } from "./connection-form";
import { MailboxWarning, type MailboxWarn } from "./mailbox-warning";
import { connectionsQuery } from "@/lib/connections/client";

/** Where the demo's sandbox credentials are, for a new user of an installation with the sandbox on. */
function SandboxHint() {
  const t = useT();
  return (
    <aside
      aria-labelledby="sandbox-hint"
      className="rounded border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950"
      data-testid="sandbox-hint"
    >
      <h2 id="sandbox-hint" className="font-semibold">
        {t("connPage.sandbox.title")}
      </h2>
      <p className="mt-1">{t("connPage.sandbox.text")}</p>
    </aside>
  );
}

export function ConnectionsManager(props: { sandbox: boolean; adminTeamId?: string; mailbox?: MailboxWarn }) {
  const { sandbox, adminTeamId, mailbox } = props;
  const t = useT();
  const [notice, setNotice] = useState<string | null>(null);
  // The connection created last on this page: its card tests and syncs it once.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const list = useQuery(connectionsQuery());
  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-col gap-6">
      <div>
        <h1 id="page-title" className="text-xl font-semibold">
          {t("connPage.title")}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{t("connPage.intro")}</p>
      </div>
      {mailbox && <MailboxWarning mailbox={mailbox} />}
      {sandbox && <SandboxHint />}
      <p role="status" aria-live="polite" className="text-sm text-green-800">
        {notice}
      </p>
      {list.isPending && <p>{t("common.loading")}</p>}
      {list.error && (
        <p role="alert" className="text-red-700">
          {list.error.message}
        </p>
      )}
      {list.data && list.data.length === 0 && <p className="text-slate-700">{t("connPage.empty")}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="flex flex-col gap-3">
          {list.data.map((c) => (
            <ConnectionCard
              key={c.id}
              connection={c}
              isNew={c.id === createdId}
              onNotice={setNotice}
              adminTeamId={adminTeamId}
            />
          ))}
        </ul>
      )}
      <ConnectionForm
        onDone={(c) => {
          setCreatedId(c.id);
          setNotice(t("connPage.created", { name: c.name }));
        }}
      />
    </section>
  );
}
