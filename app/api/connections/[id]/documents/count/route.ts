import { countDocuments } from "@/lib/delivery/documents";
import { withConnection } from "@/lib/connections/with-connection";
import { KdQuery } from "@/lib/delivery/schemas";

export const GET = withConnection({ query: KdQuery }, async ({ connection, query, req }) =>
  countDocuments(connection, { kd: query.kd, signal: req.signal }),
);
