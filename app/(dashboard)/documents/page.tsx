import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { InboxView } from "@/components/documents/inbox-view";
import { requirePage } from "@/lib/auth/pages";
import { connectionsQuery, inboxApiQuery, inboxQuery } from "@/lib/client/queries";
import { InboxSearch, plainParams } from "@/lib/client/search-params";
import { listConnections } from "@/lib/connections/connections";
import { getDb } from "@/lib/db/client";
import { readInbox } from "@/lib/delivery/inbox";
import { InboxQuery } from "@/lib/delivery/schemas";
import { requestLocale } from "@/lib/i18n/server";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The inbox: the URL's list state parsed by the client's schema, prefetched under the client's
 * query keys with the functions the API routes call, and hydrated into the client view.
 */
export default async function DocumentsPage({ searchParams }: Props) {
  const user = await requirePage("documents");
  const [locale, params, db] = await Promise.all([requestLocale(user.locale), searchParams, getDb()]);
  const { doc: _doc, ...list } = InboxSearch.parse(plainParams(params));
  // The same query string the client sends, read by the route's own schema.
  const input = InboxQuery.parse(Object.fromEntries(new URLSearchParams(inboxApiQuery(list))));
  const client = new QueryClient();
  await Promise.all([
    client.prefetchQuery({ ...inboxQuery(list), queryFn: () => readInbox(db, { userId: user.id }, input) }),
    client.prefetchQuery({ ...connectionsQuery(), queryFn: () => listConnections(db, { userId: user.id }, locale) }),
  ]);
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <InboxView />
    </HydrationBoundary>
  );
}
