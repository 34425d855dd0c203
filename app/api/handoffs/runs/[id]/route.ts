import { z } from "zod";
import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { cancelHandoffRun, readHandoffRun } from "@/lib/residents/handoffs/runs";

export const GET = withRole(
  CONNECTION_ROLES,
  { params: z.object({ id: z.uuid() }), notFound: "handoffRun.notFound" },
  async ({ principal, params, locale }) => readHandoffRun(await getDb(), principal, params.id, locale),
);

export const DELETE = withRole(
  CONNECTION_ROLES,
  { params: z.object({ id: z.uuid() }), notFound: "handoffRun.notFound" },
  async ({ principal, params }) => cancelHandoffRun(await getDb(), principal, params.id),
);
