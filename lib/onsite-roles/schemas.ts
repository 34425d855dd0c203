import { z } from "zod";
import { REPORTS_LIST } from "@/lib/onsite-roles/list";
import { listSchema } from "@/lib/lists/schema";

/** The query of `GET /api/delivery/reports` and the unit of `GET /api/delivery/units/{id}/reports`. */
export const ReportsQuery = listSchema(REPORTS_LIST);
export const ReportUnitKey = z.object({ id: z.uuid() });
