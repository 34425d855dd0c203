import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { UnitPath } from "@/lib/register/schemas";
import { recordMove } from "@/lib/register/tenancies/edit";
import { MoveBody } from "@/lib/register/tenancies/schemas";

/** "Mieterwechsel erfassen": the running tenancy ends, a new one (a resident or a vacancy) begins; the unit's history. */
export const POST = withRole(
  CONNECTION_ROLES,
  { params: UnitPath, body: MoveBody, notFound: "unitsApi.notFound" },
  async ({ principal, params, body }) =>
    Response.json(await recordMove(await getDb(), principal, params.id, body), { status: 201 }),
);
