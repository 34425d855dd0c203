import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { RunsQuery } from "@/lib/ops/run-scope";
import { listHandoffRuns } from "@/lib/residents/handoffs/runs";

export const GET = withRole(CONNECTION_ROLES, { query: RunsQuery }, async ({ principal, query }) => ({
  runs: await listHandoffRuns(await getDb(), principal, query.scope),
}));
