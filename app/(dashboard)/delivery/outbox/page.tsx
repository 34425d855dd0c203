import { SupportOutbox } from "@/components/outbox/support-outbox";
import { supportOutboxQuery } from "@/lib/outbox/client";
import { deliveryConnectionsQuery } from "@/lib/delivery/support/client";
import { listSupportOutbox } from "@/lib/outbox/support";
import { listDeliveryConnections } from "@/lib/delivery/support/records";
import { readOutboxSupportSearch } from "@/lib/outbox/list";
import { plainParams } from "@/lib/lists/params";
import { pageQueries } from "@/lib/pages/prefetch";

export default async function DeliveryOutboxPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { prefetch, hydrate } = await pageQueries("delivery");
  const search = readOutboxSupportSearch(plainParams(await searchParams));
  await Promise.all([
    prefetch(supportOutboxQuery(search), ({ db, principal, locale }) =>
      listSupportOutbox(db, principal, search, locale),
    ),
    prefetch(deliveryConnectionsQuery(), ({ db, principal }) => listDeliveryConnections(db, principal)),
  ]);
  return hydrate(<SupportOutbox />);
}
