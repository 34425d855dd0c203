import { documentDataResponse } from "@/lib/connections/documents";
import { withConnection } from "@/lib/connections/route";
import { KdQuery } from "@/lib/connections/schemas";

export const GET = withConnection({ query: KdQuery }, async ({ connection, params, query, req }) =>
  documentDataResponse(connection, params.documentid ?? "", { kd: query.kd, signal: req.signal }),
);
