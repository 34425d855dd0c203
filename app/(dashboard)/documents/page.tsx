import { InboxView } from "@/components/documents/inbox-view";
import { connectionsQuery } from "@/lib/connections/client";
import { inboxQuery } from "@/lib/views/inbox/client";
import { listConnections } from "@/lib/connections/connections";
import { readInbox } from "@/lib/views/inbox/inbox";
import { inboxInputOf, readInboxView } from "@/lib/views/inbox/list";
import { plainParams } from "@/lib/lists/params";
import { pageQueries } from "@/lib/pages/prefetch";

/** The inbox: the URL's view read as the client reads it, its list prefetched and hydrated into the client view. */
export default async function DocumentsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { prefetch, hydrate } = await pageQueries("documents");
  const input = inboxInputOf(readInboxView(plainParams(await searchParams)));
  await Promise.all([
    prefetch(inboxQuery(input), ({ db, principal }) => readInbox(db, principal, input)),
    prefetch(connectionsQuery(), ({ db, principal, locale }) => listConnections(db, principal, locale)),
  ]);
  return hydrate(<InboxView />);
}
