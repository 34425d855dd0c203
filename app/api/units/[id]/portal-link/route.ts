import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { renewPortalLink, revokePortalLink } from "@/lib/handoffs/portal/owner";
import { UnitPath } from "@/lib/register/schemas";

/**
 * The owner renews (the old link revoked, the new one goes out with the next mail or letter) or revokes a unit's portal
 * link.
 */
export const POST = withRole(
  CONNECTION_ROLES,
  { params: UnitPath, notFound: "unitsApi.notFound" },
  async ({ principal, params }) => renewPortalLink(await getDb(), principal, params.id),
);

export const DELETE = withRole(
  CONNECTION_ROLES,
  { params: UnitPath, notFound: "unitsApi.notFound" },
  async ({ principal, params }) => revokePortalLink(await getDb(), principal, params.id),
);
