import { notFound } from "next/navigation";
import { OutboxView } from "@/components/outbox/outbox-view";
import { connectionsQuery } from "@/lib/client/queries";
import { listConnections } from "@/lib/connections/connections";
import { pageQueries } from "../../../prefetch";

/** A DTA connection's outbox; any other id (another user's, a UVI connection's) is not found. */
export default async function OutboxPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { client, prefetch, hydrate } = await pageQueries("connections");
  await prefetch(connectionsQuery(), ({ db, user, locale }) => listConnections(db, { userId: user.id }, locale));
  const connection = client.getQueryData(connectionsQuery().queryKey)?.find((c) => c.id === id);
  if (connection?.service !== "dta") notFound();
  return hydrate(<OutboxView connectionId={id} maxBytes={null} />);
}
