import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { searchResidents } from "@/lib/register/residents";
import { ResidentsQuery } from "@/lib/register/schemas";

/**
 * The admin's search of every user's register for a resident's erasure request (the erasure: DELETE
 * /api/units/{id}/resident).
 */
export const GET = withRole(["admin"], { query: ResidentsQuery }, async ({ principal, query }) =>
  searchResidents(await getDb(), principal, query),
);
