import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { confirmRunKind } from "@/lib/delivery/confirm/run-kind";
import { cancelRun } from "@/lib/runs/runs";
import { RunPath } from "@/lib/runs/schemas";

/** The old address of `DELETE /api/runs/{id}` for a bulk confirmation (scripts rely on them): kept as it answered. */
export const DELETE = withRole(
  CONNECTION_ROLES,
  { params: RunPath, notFound: "delivery.run.notFound" },
  async ({ principal, params }) => (await cancelRun(await getDb(), [confirmRunKind], principal, params.id)).view,
);
