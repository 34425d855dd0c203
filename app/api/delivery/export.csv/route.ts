import { withSupport } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { exportDeliveries } from "@/lib/delivery/support/export";
import { DeliveryFilters } from "@/lib/delivery/support/schemas";

export const GET = withSupport({ query: DeliveryFilters }, async ({ principal, query, locale }) => {
  const { meta, stream } = await exportDeliveries(await getDb(), principal, { filters: query, locale });
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${meta.filename}"`,
      "cache-control": "private, no-store, no-transform",
    },
  });
});
