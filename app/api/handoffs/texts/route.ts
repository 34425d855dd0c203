import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { HandoffTextBody, HandoffTextQuery } from "@/lib/handoffs/texts/template";
import { readText, saveText } from "@/lib/handoffs/texts/texts";

export const GET = withRole(CONNECTION_ROLES, { query: HandoffTextQuery }, async ({ principal, query }) =>
  readText(await getDb(), principal, query.property ?? null),
);

export const PUT = withRole(
  CONNECTION_ROLES,
  { query: HandoffTextQuery, body: HandoffTextBody },
  async ({ principal, query, body }) => saveText(await getDb(), principal, query.property ?? null, body),
);
