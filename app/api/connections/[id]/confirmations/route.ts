import { errorLine, ndjsonResponse } from "@/lib/api/responses";
import { providerFor } from "@/lib/connections/provider";
import { withConnection } from "@/lib/api/with-connection";
import { getDb } from "@/lib/db/client";
import { actorOf } from "@/lib/audit/audit";
import { confirmMany } from "@/lib/delivery/confirm";
import { resultLine } from "@/lib/delivery/confirm-answers";
import { ConfirmationsBody } from "@/lib/delivery/schemas";

// Up to 1000 ids of up to 200 characters (3 bytes each in UTF-8): larger than the 64 KiB default.
const BODY_LIMIT = 640 * 1024;

export const POST = withConnection({ body: ConfirmationsBody, maxBodyBytes: BODY_LIMIT }, async ({ connection, user, body, locale }) => {
  const ctx = { db: await getDb(), connection, client: providerFor(connection), actor: actorOf(user) };
  return ndjsonResponse(
    async (emit) => ({ done: true, ...(await confirmMany(ctx, body.documentids, body.kd, (r) => emit(resultLine(r, locale)))) }),
    (err) => errorLine(err, locale),
  );
});
