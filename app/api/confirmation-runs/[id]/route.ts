import { z } from "zod";
import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { cancelRun } from "@/lib/delivery/confirm/runs";

export const DELETE = withRole(
  CONNECTION_ROLES,
  { params: z.object({ id: z.uuid() }), notFound: "delivery.run.notFound" },
  async ({ principal, params }) => cancelRun(await getDb(), principal, params.id),
);
