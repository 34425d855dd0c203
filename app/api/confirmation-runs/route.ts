import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { listRuns } from "@/lib/delivery/confirm/runs";

export const GET = withRole(CONNECTION_ROLES, {}, async ({ user }) => ({
  runs: await listRuns(await getDb(), user.id),
}));
