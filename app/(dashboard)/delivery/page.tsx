import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { DeliveryList } from "@/components/delivery/delivery-list";
import { deliveryConnectionsQuery, deliveryQuery } from "@/lib/client/queries";
import { DeliverySearch, plainParams } from "@/lib/client/search-params";
import { listDeliveries, listDeliveryConnections } from "@/lib/delivery/support/records";
import { deliveryPageContext } from "./prefetch";

export default async function DeliveryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { client, prefetch } = await deliveryPageContext();
  const search = DeliverySearch.parse(plainParams(await searchParams));
  await Promise.all([
    prefetch(deliveryQuery(search).queryKey, (db, user) => listDeliveries(db, user, search)),
    prefetch(deliveryConnectionsQuery().queryKey, (db, user) => listDeliveryConnections(db, user)),
  ]);
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <DeliveryList />
    </HydrationBoundary>
  );
}
