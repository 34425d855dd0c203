import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { readInbox } from "@/lib/views/inbox";
import { InboxQuery } from "@/lib/delivery/schemas";

export const GET = withRole(CONNECTION_ROLES, { query: InboxQuery }, async ({ user, query }) =>
  readInbox(await getDb(), { userId: user.id }, query),
);
