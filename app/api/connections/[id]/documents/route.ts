import { withRole } from "@/lib/api/handler";
import { listDocuments } from "@/lib/connections/documents";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { ListDocumentsQuery } from "@/lib/connections/schemas";
import { getDb } from "@/lib/db/client";

export const GET = withRole(CONNECTION_ROLES, { query: ListDocumentsQuery }, async ({ user, params, query, req }) =>
  listDocuments(await getDb(), { userId: user.id, connectionId: params.id ?? "" }, { ...query, signal: req.signal }),
);
