import { errorLine, ndjsonResponse } from "@/lib/api/responses";
import { withConnection } from "@/lib/connections/with-connection";
import { getDb } from "@/lib/db/client";
import { principalActor } from "@/lib/audit/audit";
import { startSync } from "@/lib/delivery/sync";

export const POST = withConnection({}, async ({ connection, principal, locale }) => {
  const db = await getDb();
  const run = await startSync(db, { connection, actor: principalActor(principal) });
  return ndjsonResponse(
    (emit) => run(emit),
    (err) => errorLine(err, locale),
  );
});
