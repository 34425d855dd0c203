import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { liftHold, setHold } from "@/lib/register/hold";
import { HoldBody, UnitPath } from "@/lib/register/schemas";

/** A unit's legal hold ("Rechtsstreit"): set or replaced, and lifted, by a manager or admin of the unit's team. */
export const PUT = withRole(
  CONNECTION_ROLES,
  { params: UnitPath, body: HoldBody, notFound: "unitsApi.notFound" },
  async ({ principal, params, body }) => setHold(await getDb(), principal, params.id, body.reason),
);

export const DELETE = withRole(
  CONNECTION_ROLES,
  { params: UnitPath, notFound: "unitsApi.notFound" },
  async ({ principal, params }) => liftHold(await getDb(), principal, params.id),
);
