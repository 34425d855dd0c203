import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { ReportUnitKey } from "@/lib/onsite-roles/schemas";
import { unitReportTimeline } from "@/lib/onsite-roles/timeline";

/** Support reads any unit's; a manager only a unit of their own register (another answers 404). */
export const GET = withRole(
  ["support", "admin", "manager"],
  { params: ReportUnitKey, notFound: "reportsApi.notFound" },
  async ({ principal, params }) => unitReportTimeline(await getDb(), principal, params.id),
);
