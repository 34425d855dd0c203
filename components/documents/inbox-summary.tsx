"use client";
import { useState } from "react";
import type { Connection } from "@/lib/connections/client";
import type { Inbox } from "@/lib/views/inbox/client";
import { useT } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n/messages";
import { SyncButton } from "@/components/sync/sync-button";
import { SyncStatus } from "@/components/sync/sync-status";

/**
 * Totals of the inbox and, per connection, its open documents, last sync and "sync now". On a
 * phone both are compact (totals in one row, the connections folded into one line that opens
 * them) so that the first document is in sight without scrolling.
 */
export function InboxSummary({ inbox, connections }: { inbox: Inbox; connections: Connection[] }) {
  const t = useT();
  const [unfolded, setUnfolded] = useState(false);
  const open = new Map(inbox.connections.map((c) => [c.id, c.open]));
  const totals: [MessageKey, number][] = [
    ["inbox.summary.open", inbox.connections.reduce((sum, c) => sum + c.open, 0)],
    ["inbox.summary.units", inbox.units],
    ["inbox.summary.documents", inbox.documents],
  ];
  return (
    <section aria-labelledby="inbox-summary" className="flex flex-col gap-3">
      <h2 id="inbox-summary" className="sr-only">
        {t("inbox.summary.title")}
      </h2>
      <dl
        className="flex flex-wrap gap-x-8 gap-y-2 text-sm max-md:grid max-md:grid-cols-3 max-md:gap-x-3 max-md:text-xs"
        data-testid="inbox-totals"
      >
        {totals.map(([label, value]) => (
          <div key={label} className="flex items-baseline gap-2 max-md:flex-col max-md:gap-0">
            <dt className="text-slate-700">{t(label)}</dt>
            <dd className="text-lg font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <ConnectionsFold connections={connections} unfolded={unfolded} onToggle={() => setUnfolded(!unfolded)} />
      <ul
        id="inbox-connections"
        className={`grid gap-3 max-md:gap-2 md:grid-cols-2 ${unfolded ? "" : "max-md:hidden"}`}
      >
        {connections.map((c) => (
          <li
            key={c.id}
            aria-labelledby={`sum-${c.id}`}
            className="flex flex-col gap-1 rounded border border-slate-200 bg-white p-3 max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:p-2"
          >
            <h3
              id={`sum-${c.id}`}
              className="font-semibold [overflow-wrap:anywhere] max-md:col-start-1 max-md:row-start-1"
            >
              {c.name}
            </h3>
            <p className="text-sm text-slate-800 max-md:col-span-2">
              {t((open.get(c.id) ?? 0) === 1 ? "inbox.summary.connOpen.one" : "inbox.summary.connOpen.other", {
                n: open.get(c.id) ?? 0,
              })}
            </p>
            <div className="max-md:col-span-2">
              <SyncStatus connection={c} showOpen={false} />
            </div>
            <SyncButton connection={c} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The phone's one line for the connections: how many, how many need attention, and the button that unfolds them. */
function ConnectionsFold(props: { connections: Connection[]; unfolded: boolean; onToggle: () => void }) {
  const t = useT();
  const n = props.connections.length;
  const troubled = props.connections.filter((c) => c.stale || !c.lastSync?.ok).length;
  if (n === 0) return null;
  return (
    <button
      type="button"
      aria-expanded={props.unfolded}
      aria-controls="inbox-connections"
      onClick={props.onToggle}
      className="flex items-center justify-between gap-2 rounded border border-slate-200 bg-white px-3 py-2 text-left text-sm md:hidden"
    >
      <span>
        {t(n === 1 ? "shell.connections.one" : "shell.connections.other", { n })}
        {troubled > 0 && <span className="text-red-800"> · {t("shell.connections.troubled", { n: troubled })}</span>}
      </span>
      <span aria-hidden="true">{props.unfolded ? "▴" : "▾"}</span>
    </button>
  );
}
