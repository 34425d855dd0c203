import { deleteConnection, updateConnection } from "@/lib/connections/changes";
import { withConnection } from "@/lib/api/with-connection";
import { UpdateConnectionBody } from "@/lib/connections/schemas";
import { getDb } from "@/lib/db/client";
import { actorOf } from "@/lib/audit/audit";

export const PATCH = withConnection({ body: UpdateConnectionBody }, async ({ connection, user, body }) =>
  updateConnection(await getDb(), connection, actorOf(user), body),
);

export const DELETE = withConnection({}, async ({ connection, user }) => {
  await deleteConnection(await getDb(), connection, actorOf(user));
  return new Response(null, { status: 204 });
});
