import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { DeliveryQuery } from "@/lib/delivery/record-schemas";
import { listDeliveries } from "@/lib/delivery/records";

export const GET = withRole(["support", "admin"], { query: DeliveryQuery }, async ({ user, query }) =>
  listDeliveries(await getDb(), user, query),
);
