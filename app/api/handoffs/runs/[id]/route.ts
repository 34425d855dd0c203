import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { handoffRunKind } from "@/lib/handoffs/run-kind";
import { cancelRun, readRun } from "@/lib/runs/runs";
import { RunPath } from "@/lib/runs/schemas";

/** The old address of `/api/runs/{id}` for a hand-off (scripts rely on them): kept as it answered. */
const options = { params: RunPath, notFound: "handoffRun.notFound" } as const;

export const GET = withRole(CONNECTION_ROLES, options, async ({ principal, params, locale }) => {
  const { view, lines } = await readRun(await getDb(), [handoffRunKind], principal, params.id, locale);
  return { ...view, lines: lines ?? [] };
});

export const DELETE = withRole(
  CONNECTION_ROLES,
  options,
  async ({ principal, params }) => (await cancelRun(await getDb(), [handoffRunKind], principal, params.id)).view,
);
