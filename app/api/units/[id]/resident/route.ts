import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { eraseResident } from "@/lib/residents/register/register";
import { UnitPath } from "@/lib/residents/register/schemas";

/** An admin erases one resident's personal data in any user's register; the unit stays. */
export const DELETE = withRole(
  ["admin"],
  { params: UnitPath, notFound: "unitsApi.notFound" },
  async ({ user, params }) => eraseResident(await getDb(), user, params.id),
);
