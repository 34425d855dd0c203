import { confirmDocument } from "@/lib/connections/documents";
import { withConnection } from "@/lib/connections/route";
import { KdQuery } from "@/lib/connections/schemas";

// The provider's outcome must be seen even if the browser goes away: no caller signal here.
export const PUT = withConnection({ query: KdQuery }, async ({ connection, params, query }) =>
  confirmDocument(connection, params.documentid ?? "", { kd: query.kd }),
);
