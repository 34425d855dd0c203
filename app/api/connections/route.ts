import { withRole } from "@/lib/api/handler";
import { createConnection } from "@/lib/connections/changes";
import { listConnections } from "@/lib/connections/connections";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { CreateConnectionBody } from "@/lib/connections/schemas";
import { getDb } from "@/lib/db/client";
import { reportAfterSave } from "@/lib/onsite-roles/connection";

export const GET = withRole(CONNECTION_ROLES, {}, async ({ principal, locale }) =>
  listConnections(await getDb(), principal, locale),
);

export const POST = withRole(CONNECTION_ROLES, { body: CreateConnectionBody }, async ({ principal, body }) => {
  const db = await getDb();
  const created = await createConnection(db, principal, body);
  await reportAfterSave(db, principal, created, null);
  return Response.json(created, { status: 201 });
});
