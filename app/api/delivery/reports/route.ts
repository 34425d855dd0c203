import { withSupport } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { ReportsQuery } from "@/lib/residents/reports/schemas";
import { listReportedUnits } from "@/lib/residents/reports/timeline";

export const GET = withSupport({ query: ReportsQuery }, async ({ query }) => listReportedUnits(await getDb(), query));
