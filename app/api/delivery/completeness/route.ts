import { withSupport } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { deliveryCompleteness } from "@/lib/views/completeness/completeness";
import { CompletenessQuery } from "@/lib/views/completeness/schemas";

export const GET = withSupport({ query: CompletenessQuery }, async ({ principal, query }) =>
  deliveryCompleteness(await getDb(), principal, query),
);
