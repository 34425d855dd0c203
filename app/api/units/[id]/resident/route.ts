import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { UnitPath } from "@/lib/register/schemas";
import { eraseResident } from "@/lib/register/tenancies/erase";
import { EraseQuery } from "@/lib/register/tenancies/schemas";

/** An admin erases a resident's personal data in any user's register (one tenancy, or all of the unit); the unit stays. */
export const DELETE = withRole(
  ["admin"],
  { params: UnitPath, query: EraseQuery, notFound: "unitsApi.notFound" },
  async ({ principal, params, query }) => eraseResident(await getDb(), principal, params.id, query.tenancy),
);
