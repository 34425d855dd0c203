import { withRole } from "@/lib/api/handler";
import { createConnection, listConnections } from "@/lib/connections/connections";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { CreateConnectionBody } from "@/lib/connections/schemas";
import { getDb } from "@/lib/db/client";

export const GET = withRole(CONNECTION_ROLES, {}, async ({ user }) => listConnections(await getDb(), { userId: user.id }));

export const POST = withRole(CONNECTION_ROLES, { body: CreateConnectionBody }, async ({ user, body }) =>
  Response.json(await createConnection(await getDb(), { userId: user.id }, body), { status: 201 }),
);
