import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { handoffMonthCsv } from "@/lib/views/handoff-month/csv";
import { HandoffMonthQuery } from "@/lib/views/handoff-month/query";

export const GET = withRole(CONNECTION_ROLES, { query: HandoffMonthQuery }, async ({ user, query }) => {
  const csv = await handoffMonthCsv(await getDb(), user.id, query);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      // The property's name is the owner's free text: only the month names the file.
      "content-disposition": `attachment; filename="weitergabe-${query.month}.csv"`,
      "cache-control": "private, no-store, no-transform",
    },
  });
});
