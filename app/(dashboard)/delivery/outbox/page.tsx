import { SupportOutbox } from "@/components/outbox/support-outbox";
import { deliveryConnectionsQuery } from "@/lib/client/queries";
import { listDeliveryConnections } from "@/lib/delivery/support/records";
import { pageQueries } from "../../prefetch";

export default async function DeliveryOutboxPage() {
  const { prefetch, hydrate } = await pageQueries("delivery");
  await prefetch(deliveryConnectionsQuery(), ({ db, user }) => listDeliveryConnections(db, user));
  return hydrate(<SupportOutbox />);
}
