import { InboxView } from "@/components/documents/inbox-view";
import { connectionsQuery, inboxQuery } from "@/lib/client/queries";
import { listConnections } from "@/lib/connections/connections";
import { readInbox } from "@/lib/views/inbox";
import { inboxInputOf, readInboxView } from "@/lib/lists/inbox";
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
    prefetch(inboxQuery(input), ({ db, user }) => readInbox(db, { userId: user.id }, input)),
    prefetch(connectionsQuery(), ({ db, user, locale }) => listConnections(db, { userId: user.id }, locale)),
  ]);
  return hydrate(<InboxView />);
}
