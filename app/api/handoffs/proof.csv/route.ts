import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { proofDownload } from "@/lib/views/proof/export";
import { ProofQuery } from "@/lib/views/proof/query";

/** The proof's lines as CSV (lib/views/proof/csv.ts), beside the PDF. */
export const GET = withRole(["manager", "support", "admin"], { query: ProofQuery }, async ({ user, query }) =>
  proofDownload(await getDb(), user, query, "csv"),
);
