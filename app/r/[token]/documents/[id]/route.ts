import { notFound } from "next/navigation";
import { contentDispositionFor } from "@/lib/connections/files";
import { getDb } from "@/lib/db/client";
import { openPortalDocument } from "@/lib/handoffs/portal/view";

/**
 * One of the resident's documents, the archived bytes as an attachment; recorded `opened`
 * (lib/handoffs/portal/view.ts).
 */
export async function GET(
  _req: Request,
  { params }: { params: Promise<{ token: string; id: string }> },
): Promise<Response> {
  const { token, id } = await params;
  const file = await openPortalDocument(await getDb(), token, id);
  if (!file) notFound();
  return new Response(file.stream, {
    headers: {
      "content-type": /\.pdf$/i.test(file.filename) ? "application/pdf" : "application/octet-stream",
      // Always a download: the resident keeps the file, and no PDF renders under the portal's address.
      "content-disposition": contentDispositionFor(file.filename, id, "application/octet-stream"),
      "content-length": String(file.bytes),
      "cache-control": "private, no-store, no-transform",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
    },
  });
}
