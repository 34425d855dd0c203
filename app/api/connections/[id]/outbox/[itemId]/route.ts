import { withConnection } from "@/lib/connections/with-connection";
import { getDb } from "@/lib/db/client";
import { resolveItem } from "@/lib/outbox/items";
import { OutboxItemPath, ResolveBody } from "@/lib/outbox/schemas";

export const PATCH = withConnection(
  { params: OutboxItemPath, body: ResolveBody, notFound: "outboxApi.notFound" },
  async ({ connection, principal, params, body, locale }) =>
    resolveItem(await getDb(), {
      connectionId: connection.id,
      itemId: params.itemId,
      state: body.state,
      principal,
      locale,
    }),
);
