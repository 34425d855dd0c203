import { z } from "zod";
import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { cancelHandoffRun, readHandoffRun } from "@/lib/residents/handoffs/runs";

export const GET = withRole(
  CONNECTION_ROLES,
  { params: z.object({ id: z.uuid() }), notFound: "handoffRun.notFound" },
  async ({ user, params, locale }) => readHandoffRun(await getDb(), user.id, params.id, locale),
);

export const DELETE = withRole(
  CONNECTION_ROLES,
  { params: z.object({ id: z.uuid() }), notFound: "handoffRun.notFound" },
  async ({ user, params }) => cancelHandoffRun(await getDb(), user.id, params.id),
);
