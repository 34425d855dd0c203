"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { OUTBOX_DEFAULTS, OUTBOX_PAGE_SIZES, outboxQuery, readOutboxSearch } from "@/lib/outbox/client";
import { connectionsQuery } from "@/lib/connections/client";
import type { Connection } from "@/lib/connections/client";
import { useSearchState } from "@/lib/client/use-search-state";
import { useT } from "@/lib/i18n/client";
import { OutboxLegend } from "./outbox-state";
import { OutboxTable } from "./outbox-table";
import { ResolveActions } from "./resolve-actions";
import { SendPanel } from "./send-panel";

/** The connection's sent items, newest first, paged in the URL; refreshed after every send. */
function SentItems({ connection }: { connection: Connection }) {
  const t = useT();
  const [search, update] = useSearchState(readOutboxSearch, OUTBOX_DEFAULTS);
  const list = useQuery({ ...outboxQuery(connection.id, search), placeholderData: keepPreviousData });
  const items = list.data?.items ?? [];
  const count = list.data?.count ?? 0;
  return (
    <section aria-labelledby="outbox-sent" className="flex flex-col gap-3">
      <h2 id="outbox-sent" className="text-lg font-semibold">
        {t("outbox.sent.title")}
      </h2>
      {list.isPending && <p>{t("common.loading")}</p>}
      {list.error && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {t("outbox.loadFailed", { reason: list.error.message })}
        </p>
      )}
      {list.data && items.length === 0 && <EmptyState title={t("outbox.sent.empty")} />}
      {items.length > 0 && (
        <OutboxTable
          items={items}
          caption={t("outbox.sent.caption", {
            name: connection.name,
            first: search.offset + 1,
            last: search.offset + items.length,
            count,
          })}
          actions={(item) => <ResolveActions item={item} />}
        />
      )}
      {items.length > 0 && <OutboxLegend />}
      {count > 0 && (
        <Pager
          offset={search.offset}
          limit={search.limit}
          count={count}
          sizes={OUTBOX_PAGE_SIZES}
          sizeLabel={t("outbox.pageSize")}
          onChange={update}
        />
      )}
    </section>
  );
}

/** A DTA connection's outbox: sending files to the provider, and what was sent. */
export function OutboxView({ connectionId, maxBytes }: { connectionId: string; maxBytes: number | null }) {
  const t = useT();
  const connection = useQuery(connectionsQuery()).data?.find((c) => c.id === connectionId);
  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-col gap-6">
      <div>
        <Link href="/connections" className="text-sm text-blue-800 underline-offset-2 hover:underline">
          {t("outbox.back")}
        </Link>
        <h1 id="page-title" className="mt-2 text-xl font-semibold break-words">
          {t("outbox.title", { name: connection?.name ?? "" })}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{t("outbox.intro")}</p>
      </div>
      {connection && <SendPanel connection={connection} maxBytes={maxBytes} />}
      {connection && <SentItems connection={connection} />}
    </section>
  );
}
