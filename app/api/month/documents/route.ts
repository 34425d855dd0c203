import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { readRoundDocuments } from "@/lib/views/month-round/round-documents";
import { MonthDocumentsQuery } from "@/lib/views/month-round/round-query";

export const GET = withRole(CONNECTION_ROLES, { query: MonthDocumentsQuery }, async ({ user, query }) =>
  readRoundDocuments(await getDb(), user.id, query),
);
