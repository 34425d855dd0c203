import { withRole } from "@/lib/api/handler";
import { confirmDocument } from "@/lib/connections/documents";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { KdQuery } from "@/lib/connections/schemas";
import { getDb } from "@/lib/db/client";

// The provider's outcome must be seen even if the browser goes away: no caller signal here.
export const PUT = withRole(CONNECTION_ROLES, { query: KdQuery }, async ({ user, params, query }) =>
  confirmDocument(await getDb(), { userId: user.id, connectionId: params.id ?? "", documentid: params.documentid ?? "" }, { kd: query.kd }),
);
