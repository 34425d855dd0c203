import { withSupport } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { DeliveryKey } from "@/lib/delivery/support/schemas";
import { getDelivery } from "@/lib/delivery/support/detail";

export const GET = withSupport(
  { params: DeliveryKey, notFound: "deliveryRecord.notFound" },
  async ({ principal, params }) => getDelivery(await getDb(), principal, params),
);
