import { withRole } from "@/lib/api/handler";
import { createConnection } from "@/lib/connections/changes";
import { listConnections } from "@/lib/connections/connections";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { CreateConnectionBody } from "@/lib/connections/schemas";
import { getDb } from "@/lib/db/client";
import { actorOf } from "@/lib/audit/audit";
import { reportAfterSave } from "@/lib/residents/reports/connection";

export const GET = withRole(CONNECTION_ROLES, {}, async ({ user, locale }) =>
  listConnections(await getDb(), { userId: user.id }, locale),
);

export const POST = withRole(CONNECTION_ROLES, { body: CreateConnectionBody }, async ({ user, body }) => {
  const db = await getDb();
  const created = await createConnection(db, { userId: user.id, actor: actorOf(user) }, body);
  await reportAfterSave(db, { ...created, userId: user.id }, null);
  return Response.json(created, { status: 201 });
});
