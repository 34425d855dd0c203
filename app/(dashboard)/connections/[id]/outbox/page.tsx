import { notFound } from "next/navigation";
import { OutboxView } from "@/components/outbox/outbox-view";
import { outboxQuery, readOutboxSearch } from "@/lib/outbox/client";
import { connectionsQuery } from "@/lib/connections/client";
import { listConnections } from "@/lib/connections/connections";
import { listOwnItems } from "@/lib/outbox/items";
import { env } from "@/lib/env";
import { plainParams } from "@/lib/lists/params";
import { pageQueries } from "@/lib/pages/prefetch";

/**
 * A DTA connection's outbox; any other id (another user's, a UVI connection's) is not found. The
 * client is told OUTBOX_MAX_MB, so a file over it is named before it is sent.
 */
export default async function OutboxPage(props: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ id }, raw] = await Promise.all([props.params, props.searchParams]);
  const { client, prefetch, hydrate } = await pageQueries("connections");
  await prefetch(connectionsQuery(), ({ db, principal, locale }) => listConnections(db, principal, locale));
  const connection = client.getQueryData(connectionsQuery().queryKey)?.find((c) => c.id === id);
  if (connection?.service !== "dta") notFound();
  const search = readOutboxSearch(plainParams(raw));
  await prefetch(outboxQuery(id, search), ({ db, principal, locale }) =>
    listOwnItems(db, principal, id, search, locale),
  );
  return hydrate(<OutboxView connectionId={id} maxBytes={env().outboxMaxBytes} />);
}
