import { DeliveryList } from "@/components/delivery/delivery-list";
import { deliveryConnectionsQuery, deliveryPropertiesQuery, deliveryQuery } from "@/lib/delivery/support/client";
import { listDeliveries, listDeliveryConnections, listDeliveryProperties } from "@/lib/delivery/support/records";
import { readDeliverySearch } from "@/lib/delivery/support/list";
import { plainParams } from "@/lib/lists/params";
import { pageQueries } from "@/lib/pages/prefetch";

export default async function DeliveryPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { prefetch, hydrate } = await pageQueries("delivery");
  const search = readDeliverySearch(plainParams(await searchParams));
  await Promise.all([
    prefetch(deliveryQuery(search), ({ db, principal }) => listDeliveries(db, principal, search)),
    prefetch(deliveryConnectionsQuery(), ({ db, principal }) => listDeliveryConnections(db, principal)),
    prefetch(deliveryPropertiesQuery(), ({ db, principal }) => listDeliveryProperties(db, principal)),
  ]);
  return hydrate(<DeliveryList />);
}
