import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { contentDisposition, printFileName } from "@/lib/handoffs/print/file-name";
import { printMonth } from "@/lib/handoffs/print/print";
import { PrintQuery } from "@/lib/handoffs/portal/schemas";

/**
 * One PDF of a property's letters for a month (lib/handoffs/print/print.ts), to download and print. A
 * POST under the wrapper's Origin check: the print changes the record, so no GET (Next answers 405)
 * and no cross-site page may make one. The request's signal stops the work when the client leaves.
 */
export const POST = withRole(CONNECTION_ROLES, { body: PrintQuery }, async ({ principal, body, req }) => {
  const pdf = await printMonth(await getDb(), principal, body, req.signal);
  return new Response(Buffer.from(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": contentDisposition(printFileName(body.property, body.month)),
      "cache-control": "private, no-store, no-transform",
      "x-content-type-options": "nosniff",
    },
  });
});
