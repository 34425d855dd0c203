import { withSupport } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { DeliveryQuery } from "@/lib/delivery/support/schemas";
import { listDeliveries } from "@/lib/delivery/support/records";

export const GET = withSupport({ query: DeliveryQuery }, async ({ principal, query }) =>
  listDeliveries(await getDb(), principal, query),
);
