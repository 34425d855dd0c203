import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { handoffRunKind } from "@/lib/handoffs/run-kind";
import { listRuns } from "@/lib/runs/runs";
import { RunsQuery } from "@/lib/runs/schemas";

/** The old address of `GET /api/runs?kind=handoff`: kept as it answered. */
export const GET = withRole(CONNECTION_ROLES, { query: RunsQuery }, async ({ principal, query }) => ({
  runs: await listRuns(await getDb(), handoffRunKind, principal, query.scope),
}));
