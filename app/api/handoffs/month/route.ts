import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { readHandoffMonth } from "@/lib/views/handoff-month/month";
import { HandoffMonthQuery } from "@/lib/views/handoff-month/query";

export const GET = withRole(CONNECTION_ROLES, { query: HandoffMonthQuery }, async ({ user, query, locale }) =>
  readHandoffMonth(await getDb(), user.id, query, locale),
);
