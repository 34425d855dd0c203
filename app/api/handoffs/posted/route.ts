import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { confirmPosted } from "@/lib/handoffs/print/posted";
import { PostedBody } from "@/lib/handoffs/portal/schemas";

/**
 * "Gedruckt und versandt" (lib/handoffs/print/posted.ts): the letters of a print are confirmed as posted, and so
 * handed on. A POST under the wrapper's Origin check; each confirmed letter is an audit event.
 */
export const POST = withRole(CONNECTION_ROLES, { body: PostedBody }, async ({ principal, body }) =>
  Response.json(await confirmPosted(await getDb(), principal, body)),
);
