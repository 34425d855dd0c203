import { withSupport } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { OutboxSupportQuery } from "@/lib/delivery/outbox/schemas";
import { listSupportOutbox } from "@/lib/delivery/outbox/support";

export const GET = withSupport({ query: OutboxSupportQuery }, async ({ user, query, locale }) => listSupportOutbox(await getDb(), user, query, locale));
