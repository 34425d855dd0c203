import { withSupport } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { ReportsQuery } from "@/lib/onsite-roles/schemas";
import { listReportedUnits } from "@/lib/onsite-roles/timeline";

export const GET = withSupport({ query: ReportsQuery }, async ({ query }) => listReportedUnits(await getDb(), query));
