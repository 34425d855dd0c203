import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { listReleases } from "@/lib/releases/releases";
import { ReleasesQuery } from "@/lib/releases/schemas";

export const GET = withRole(CONNECTION_ROLES, { query: ReleasesQuery }, async ({ principal, query }) => ({
  releases: await listReleases(await getDb(), principal, query),
}));
