import { after } from "next/server";
import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { approveRelease } from "@/lib/releases/approve";
import { ReleasePath } from "@/lib/releases/schemas";

/** The approval answers once the run is recorded; its work runs after the answer (lib/releases/work.ts). */
export const POST = withRole(
  CONNECTION_ROLES,
  { params: ReleasePath, notFound: "releases.notFound" },
  async ({ principal, params, locale }) => {
    const { release, runId, work } = await approveRelease(await getDb(), principal, params.id, locale);
    if (work) after(work);
    return { release, ...(runId && { runId }) };
  },
);
