import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { RUN_KINDS } from "@/lib/views/run-kinds";
import { cancelRun, readRun, runAnswer } from "@/lib/runs/runs";
import { RunPath } from "@/lib/runs/schemas";

export const GET = withRole(
  CONNECTION_ROLES,
  { params: RunPath, notFound: "run.notFound" },
  async ({ principal, params, locale }) =>
    runAnswer(await readRun(await getDb(), RUN_KINDS, principal, params.id, locale)),
);

export const DELETE = withRole(
  CONNECTION_ROLES,
  { params: RunPath, notFound: "run.notFound" },
  async ({ principal, params }) => runAnswer(await cancelRun(await getDb(), RUN_KINDS, principal, params.id)),
);
