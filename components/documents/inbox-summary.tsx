"use client";
import type { Connection, Inbox } from "@/lib/client/types";
import { useT } from "@/lib/i18n/client";
import { SyncButton } from "./sync-button";
import { SyncStatus } from "./sync-status";

/** Totals of the inbox and, per connection, its open documents, last sync and "sync now". */
export function InboxSummary({ inbox, connections }: { inbox: Inbox; connections: Connection[] }) {
  const t = useT();
  const open = new Map(inbox.connections.map((c) => [c.id, c.open]));
  const totalOpen = inbox.connections.reduce((sum, c) => sum + c.open, 0);
  return (
    <section aria-labelledby="inbox-summary" className="flex flex-col gap-3">
      <h2 id="inbox-summary" className="sr-only">
        {t("inbox.summary.title")}
      </h2>
      <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm" data-testid="inbox-totals">
        <div className="flex items-baseline gap-2">
          <dt className="text-slate-700">{t("inbox.summary.open")}</dt>
          <dd className="text-lg font-semibold text-slate-900">{totalOpen}</dd>
        </div>
        <div className="flex items-baseline gap-2">
          <dt className="text-slate-700">{t("inbox.summary.units")}</dt>
          <dd className="text-lg font-semibold text-slate-900">{inbox.units}</dd>
        </div>
        <div className="flex items-baseline gap-2">
          <dt className="text-slate-700">{t("inbox.summary.documents")}</dt>
          <dd className="text-lg font-semibold text-slate-900">{inbox.documents}</dd>
        </div>
      </dl>
      <ul className="grid gap-3 md:grid-cols-2">
        {connections.map((c) => (
          <li key={c.id} aria-labelledby={`sum-${c.id}`} className="flex flex-col gap-1 rounded border border-slate-200 bg-white p-3">
            <h3 id={`sum-${c.id}`} className="font-semibold">
              {c.name}
            </h3>
            <p className="text-sm text-slate-800">
              {t((open.get(c.id) ?? 0) === 1 ? "inbox.summary.connOpen.one" : "inbox.summary.connOpen.other", { n: open.get(c.id) ?? 0 })}
            </p>
            <SyncStatus connection={c} showOpen={false} />
            <SyncButton connection={c} />
          </li>
        ))}
      </ul>
    </section>
  );
}
