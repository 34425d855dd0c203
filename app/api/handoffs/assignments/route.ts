import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { assignDocument, unassignDocument } from "@/lib/handoffs/assign";
import { AssignmentBody, AssignmentKey } from "@/lib/register/tenancies/schemas";

/** A document the rule hands to nobody, assigned to a tenancy of its unit or marked as needing no hand-off. */
export const PUT = withRole(CONNECTION_ROLES, { body: AssignmentBody }, async ({ principal, body }) =>
  assignDocument(await getDb(), principal, body),
);

/** The decision undone: the rule decides again. */
export const DELETE = withRole(CONNECTION_ROLES, { body: AssignmentKey }, async ({ principal, body }) => {
  await unassignDocument(await getDb(), principal, body);
  return new Response(null, { status: 204 });
});
