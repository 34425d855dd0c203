import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { kindsOf } from "@/lib/views/run-kinds";
import { listRunsOf } from "@/lib/runs/runs";
import { AllRunsQuery } from "@/lib/runs/schemas";

export const GET = withRole(CONNECTION_ROLES, { query: AllRunsQuery }, async ({ principal, query }) => ({
  runs: await listRunsOf(await getDb(), kindsOf(query.kind), principal, query.scope),
}));
