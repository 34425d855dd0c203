import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { deliveryCompleteness } from "@/lib/delivery/completeness";
import { CompletenessQuery } from "@/lib/delivery/record-schemas";

export const GET = withRole(["support", "admin"], { query: CompletenessQuery }, async ({ user, query }) =>
  deliveryCompleteness(await getDb(), user, query),
);
