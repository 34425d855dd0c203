import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { notFound } from "next/navigation";
import { DeliveryDetail } from "@/components/delivery/delivery-detail";
import { deliveryDetailQuery } from "@/lib/client/queries";
import { DeliveryKey } from "@/lib/delivery/support/schemas";
import { getDelivery } from "@/lib/delivery/support/records";
import { AppError } from "@/lib/errors";
import { deliveryPageContext } from "../../prefetch";

/** A page's params arrive percent-encoded (unlike a route handler's); a malformed one stays as sent. */
function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export default async function DeliveryDocumentPage({ params }: { params: Promise<{ connection: string; documentid: string }> }) {
  const { client, prefetch } = await deliveryPageContext();
  const raw = await params;
  const key = DeliveryKey.safeParse({ connection: raw.connection, documentid: decodeSegment(raw.documentid) });
  if (!key.success) notFound();
  const { connection, documentid } = key.data;
  await prefetch(deliveryDetailQuery(connection, documentid).queryKey, (db, user) => getDelivery(db, user, { connection, documentid }));
  // Unknown to the record: the page does not exist either. Other failures are the client's to show.
  const failed = client.getQueryState(deliveryDetailQuery(connection, documentid).queryKey)?.error;
  if (failed instanceof AppError && failed.status === 404) notFound();
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <DeliveryDetail connectionId={connection} documentid={documentid} />
    </HydrationBoundary>
  );
}
