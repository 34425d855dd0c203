import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { listRuns } from "@/lib/delivery/confirm/runs";
import { RunsQuery } from "@/lib/ops/run-scope";

export const GET = withRole(CONNECTION_ROLES, { query: RunsQuery }, async ({ principal, query }) => ({
  runs: await listRuns(await getDb(), principal, query.scope),
}));
