import { deleteConnection, updateConnection } from "@/lib/connections/connections";
import { withConnection } from "@/lib/connections/route";
import { UpdateConnectionBody } from "@/lib/connections/schemas";
import { getDb } from "@/lib/db/client";

export const PATCH = withConnection({ body: UpdateConnectionBody }, async ({ connection, body }) =>
  updateConnection(await getDb(), connection, body),
);

export const DELETE = withConnection({}, async ({ connection }) => {
  await deleteConnection(await getDb(), connection);
  return new Response(null, { status: 204 });
});
