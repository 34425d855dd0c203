import { deleteConnection, updateConnection } from "@/lib/connections/changes";
import { withConnection } from "@/lib/connections/with-connection";
import { UpdateConnectionBody } from "@/lib/connections/schemas";
import { getDb } from "@/lib/db/client";
import { reportAfterSave } from "@/lib/onsite-roles/connection";

export const PATCH = withConnection({ body: UpdateConnectionBody }, async ({ connection, principal, body }) => {
  const db = await getDb();
  const updated = await updateConnection(db, principal, connection, body);
  // New credentials, token endpoint or customer number: what failed for them is sent again.
  const credentials = body.auth !== undefined || body.authUrl !== undefined || body.customerNumber !== undefined;
  await reportAfterSave(db, principal, updated, connection.onSiteRolesUrl, { credentials });
  return updated;
});

export const DELETE = withConnection({}, async ({ connection, principal }) => {
  await deleteConnection(await getDb(), principal, connection);
  return new Response(null, { status: 204 });
});
