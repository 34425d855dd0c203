import { withSupport } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { OutboxSupportQuery } from "@/lib/outbox/schemas";
import { listSupportOutbox } from "@/lib/outbox/support";

export const GET = withSupport({ query: OutboxSupportQuery }, async ({ principal, query, locale }) =>
  listSupportOutbox(await getDb(), principal, query, locale),
);
