import { ndjsonResponse } from "@/lib/api/responses";
import { errorLine } from "@/lib/api/handler";
import { providerFor } from "@/lib/connections/provider";
import { withConnection } from "@/lib/connections/route";
import { getDb } from "@/lib/db/client";
import { actorOf } from "@/lib/audit/audit";
import { confirmMany } from "@/lib/delivery/confirm";
import { resultLine } from "@/lib/delivery/confirm-answers";
import { ConfirmationsBody } from "@/lib/delivery/schemas";

export const POST = withConnection({ body: ConfirmationsBody }, async ({ connection, user, body, locale }) => {
  const ctx = { db: await getDb(), connection, client: providerFor(connection), actor: actorOf(user) };
  return ndjsonResponse(
    async (emit) => ({ done: true, ...(await confirmMany(ctx, body.documentids, body.kd, (r) => emit(resultLine(r, locale)))) }),
    (err) => errorLine(err, locale),
  );
});
