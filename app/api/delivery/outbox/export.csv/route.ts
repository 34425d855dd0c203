import { withSupport } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { exportOutbox } from "@/lib/outbox/export";
import { OutboxSupportFilters } from "@/lib/outbox/schemas";

export const GET = withSupport({ query: OutboxSupportFilters }, async ({ principal, query, locale }) => {
  const { filename, stream } = await exportOutbox(await getDb(), principal, { filters: query, locale });
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store, no-transform",
    },
  });
});
