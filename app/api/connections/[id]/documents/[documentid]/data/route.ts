import { withRole } from "@/lib/api/handler";
import { documentDataResponse } from "@/lib/connections/documents";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { KdQuery } from "@/lib/connections/schemas";
import { getDb } from "@/lib/db/client";

export const GET = withRole(CONNECTION_ROLES, { query: KdQuery }, async ({ user, params, query, req }) =>
  documentDataResponse(
    await getDb(),
    { userId: user.id, connectionId: params.id ?? "", documentid: params.documentid ?? "" },
    { kd: query.kd, signal: req.signal },
  ),
);
