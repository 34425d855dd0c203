import { CompletenessView } from "@/components/delivery/completeness-view";
import { completenessInput } from "@/components/delivery/completeness-search";
import { completenessQuery } from "@/lib/views/completeness/client";
import { deliveryConnectionsQuery, deliveryPropertiesQuery } from "@/lib/delivery/support/client";
import { deliveryCompleteness } from "@/lib/views/completeness/completeness";
import { listDeliveryConnections, listDeliveryProperties, recordTimeZone } from "@/lib/delivery/support/records";
import { readCompletenessSearch } from "@/lib/views/completeness/list";
import { plainParams } from "@/lib/lists/params";
import { pageQueries } from "@/lib/pages/prefetch";

export default async function CompletenessPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { prefetch, hydrate } = await pageQueries("delivery");
  const scope = completenessInput(readCompletenessSearch(plainParams(await searchParams)), recordTimeZone());
  await Promise.all([
    scope.ready &&
      prefetch(completenessQuery(scope.input), ({ db, principal }) =>
        deliveryCompleteness(db, principal, { ...scope.input }),
      ),
    prefetch(deliveryConnectionsQuery(), ({ db, principal }) => listDeliveryConnections(db, principal)),
    prefetch(deliveryPropertiesQuery(), ({ db, principal }) => listDeliveryProperties(db, principal)),
  ]);
  return hydrate(<CompletenessView />);
}
