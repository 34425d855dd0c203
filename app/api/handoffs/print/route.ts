import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { printMonth } from "@/lib/handoffs/print";
import { PrintQuery } from "@/lib/handoffs/portal-schemas";

/** One PDF of a property's letters for a month (lib/handoffs/print.ts), to download and print. */
export const GET = withRole(CONNECTION_ROLES, { query: PrintQuery }, async ({ user, query }) => {
  const pdf = await printMonth(await getDb(), user, query);
  const name = `Briefe-${query.property.replace(/[^A-Za-z0-9_-]+/g, "_")}-${query.month}.pdf`;
  return new Response(Buffer.from(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store, no-transform",
      "x-content-type-options": "nosniff",
    },
  });
});
