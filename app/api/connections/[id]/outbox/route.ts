import { withConnection } from "@/lib/connections/with-connection";
import { getDb } from "@/lib/db/client";
import { listItems } from "@/lib/outbox/items";
import { OutboxListQuery, OutboxSendQuery } from "@/lib/outbox/schemas";
import { sendFromOutbox } from "@/lib/outbox/send";

/** The body is a multipart upload read as it streams (lib/outbox/upload.ts), not the wrapper's JSON. */
export const POST = withConnection(
  { query: OutboxSendQuery },
  async ({ connection, principal, req, query, locale }) => {
    const item = await sendFromOutbox(await getDb(), {
      connection,
      principal,
      req,
      again: query.again === "1",
      locale,
    });
    return Response.json(item, { status: 201 });
  },
);

export const GET = withConnection({ query: OutboxListQuery }, async ({ connection, query, locale }) =>
  listItems(await getDb(), connection.id, query, locale),
);
