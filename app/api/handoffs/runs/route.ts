import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { listHandoffRuns } from "@/lib/residents/handoffs/runs";

export const GET = withRole(CONNECTION_ROLES, {}, async ({ user }) => ({
  runs: await listHandoffRuns(await getDb(), user.id),
}));
