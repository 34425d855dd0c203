import { withSupport } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { DeliveryQuery } from "@/lib/delivery/support/schemas";
import { listDeliveries } from "@/lib/delivery/support/records";

export const GET = withSupport({ query: DeliveryQuery }, async ({ user, query }) =>
  listDeliveries(await getDb(), user, query),
);
