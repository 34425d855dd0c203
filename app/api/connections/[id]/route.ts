import { withRole } from "@/lib/api/handler";
import { deleteConnection, updateConnection } from "@/lib/connections/connections";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { UpdateConnectionBody } from "@/lib/connections/schemas";
import { getDb } from "@/lib/db/client";

export const PATCH = withRole(CONNECTION_ROLES, { body: UpdateConnectionBody }, async ({ user, body, params }) =>
  updateConnection(await getDb(), { userId: user.id, connectionId: params.id ?? "" }, body),
);

export const DELETE = withRole(CONNECTION_ROLES, {}, async ({ user, params }) => {
  await deleteConnection(await getDb(), { userId: user.id, connectionId: params.id ?? "" });
  return new Response(null, { status: 204 });
});
