import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { contentDisposition, printFileName } from "@/lib/handoffs/print/file-name";
import { printMonth } from "@/lib/handoffs/print/print";
import { PrintQuery } from "@/lib/handoffs/portal/schemas";
import { printGate } from "@/lib/releases/print-gate";
import { releaseAnswer } from "@/lib/releases/releases";

/**
 * One PDF of a property's letters for a month (lib/handoffs/print/print.ts), to download and print. A
 * POST under the wrapper's Origin check: the print changes the record, so no GET (Next answers 405)
 * and no cross-site page may make one. The request's signal stops the work when the client leaves. With the team's
 * four eyes on, it answers `202 {release}` until another member released it.
 */
export const POST = withRole(CONNECTION_ROLES, { body: PrintQuery }, async ({ principal, body, req }) => {
  const db = await getDb();
  // Four eyes (lib/releases/print-gate.ts): the print waits for a release, or is the released one.
  const gate = await printGate(db, principal, body);
  if ("wait" in gate) return releaseAnswer(gate.wait);
  const pdf = await printMonth(db, principal, body, req.signal).catch(async (err: unknown) => {
    await gate.failed?.();
    throw err;
  });
  return new Response(Buffer.from(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": contentDisposition(printFileName(body.property, body.month)),
      "cache-control": "private, no-store, no-transform",
      "x-content-type-options": "nosniff",
    },
  });
});
