import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { readMonthRound } from "@/lib/views/month-round/round";
import { MonthRoundQuery } from "@/lib/views/month-round/round-query";

export const GET = withRole(CONNECTION_ROLES, { query: MonthRoundQuery }, async ({ user, query }) =>
  readMonthRound(await getDb(), user.id, query),
);
