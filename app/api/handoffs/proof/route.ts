import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { proofDownload } from "@/lib/views/proof/export";
import { ProofQuery } from "@/lib/views/proof/query";

/** The proof of a month as a PDF (lib/views/proof): the owner's register, or for support a connection's owner's. */
export const GET = withRole(["manager", "support", "admin"], { query: ProofQuery }, async ({ user, query, req }) =>
  proofDownload(await getDb(), user, query, "pdf", req.signal),
);
