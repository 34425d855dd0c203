import { notFound } from "next/navigation";
import { DeliveryDetail } from "@/components/delivery/delivery-detail";
import { deliveryDetailQuery } from "@/lib/delivery/support/client";
import { DeliveryKey } from "@/lib/delivery/support/schemas";
import { getDelivery } from "@/lib/delivery/support/detail";
import { AppError } from "@/lib/errors";
import { pageQueries } from "@/lib/pages/prefetch";

/** A page's params arrive percent-encoded (unlike a route handler's); a malformed one stays as sent. */
function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export default async function DeliveryDocumentPage({
  params,
}: {
  params: Promise<{ connection: string; documentid: string }>;
}) {
  const { client, prefetch, hydrate } = await pageQueries("delivery");
  const raw = await params;
  const key = DeliveryKey.safeParse({ connection: raw.connection, documentid: decodeSegment(raw.documentid) });
  if (!key.success) notFound();
  const { connection, documentid } = key.data;
  const detail = deliveryDetailQuery(connection, documentid);
  await prefetch(detail, ({ db, principal }) => getDelivery(db, principal, { connection, documentid }));
  // Unknown to the record: the page does not exist either. Other failures are the client's to show.
  const failed = client.getQueryState(detail.queryKey)?.error;
  if (failed instanceof AppError && failed.status === 404) notFound();
  return hydrate(<DeliveryDetail connectionId={connection} documentid={documentid} />);
}
