import { withRole } from "@/lib/api/handler";
import { countDocuments } from "@/lib/connections/documents";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { KdQuery } from "@/lib/connections/schemas";
import { getDb } from "@/lib/db/client";

export const GET = withRole(CONNECTION_ROLES, { query: KdQuery }, async ({ user, params, query, req }) =>
  countDocuments(await getDb(), { userId: user.id, connectionId: params.id ?? "" }, { kd: query.kd, signal: req.signal }),
);
