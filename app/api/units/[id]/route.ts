import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { updateUnit } from "@/lib/register/register";
import { UnitEditBody, UnitPath } from "@/lib/register/schemas";
import { readUnit } from "@/lib/views/units-page/unit";

export const GET = withRole(
  CONNECTION_ROLES,
  { params: UnitPath, notFound: "unitsApi.notFound" },
  async ({ principal, params }) => readUnit(await getDb(), principal, params.id),
);

export const PATCH = withRole(
  CONNECTION_ROLES,
  { params: UnitPath, body: UnitEditBody, notFound: "unitsApi.notFound" },
  async ({ principal, params, body }) => updateUnit(await getDb(), principal, params.id, body),
);
