import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { correctTenancy } from "@/lib/register/tenancies/edit";
import { CorrectBody, TenancyPath } from "@/lib/register/tenancies/schemas";

/** Corrected move-in or move-out dates of one tenancy; the unit's history. */
export const PATCH = withRole(
  CONNECTION_ROLES,
  { params: TenancyPath, body: CorrectBody, notFound: "unitsApi.notFound" },
  async ({ principal, params, body }) => correctTenancy(await getDb(), principal, params.id, params.tenancyId, body),
);
