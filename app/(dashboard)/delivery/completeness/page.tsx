import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { CompletenessView } from "@/components/delivery/completeness-view";
import { completenessInput, CompletenessSearch } from "@/components/delivery/completeness-search";
import { completenessQuery, deliveryConnectionsQuery } from "@/lib/client/queries";
import { plainParams } from "@/lib/client/search-params";
import { deliveryCompleteness } from "@/lib/delivery/support/completeness";
import { listDeliveryConnections } from "@/lib/delivery/support/records";
import { deliveryPageContext } from "../prefetch";

export default async function CompletenessPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { client, prefetch } = await deliveryPageContext();
  const scope = completenessInput(CompletenessSearch.parse(plainParams(await searchParams)));
  await Promise.all([
    scope.ready && prefetch(completenessQuery(scope.input).queryKey, (db, user) => deliveryCompleteness(db, user, { ...scope.input })),
    prefetch(deliveryConnectionsQuery().queryKey, (db, user) => listDeliveryConnections(db, user)),
  ]);
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <CompletenessView />
    </HydrationBoundary>
  );
}
