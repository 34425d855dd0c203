import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { dayIn } from "@/lib/format";
import { env } from "@/lib/env";
import { exportRegister } from "@/lib/register/export";

export const GET = withRole(CONNECTION_ROLES, {}, async ({ principal }) => {
  const stream = exportRegister(await getDb(), principal);
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="nutzeinheiten-${dayIn(new Date(), env().displayTimeZone)}.csv"`,
      "cache-control": "private, no-store, no-transform",
    },
  });
});
