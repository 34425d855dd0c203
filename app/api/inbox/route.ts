import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { readInbox } from "@/lib/views/inbox/inbox";
import { InboxQuery } from "@/lib/views/inbox/schemas";

export const GET = withRole(CONNECTION_ROLES, { query: InboxQuery }, async ({ principal, query }) =>
  readInbox(await getDb(), principal, query),
);
