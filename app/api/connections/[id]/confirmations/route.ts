import { errorLine, ndjsonResponse } from "@/lib/api/responses";
import { providerFor } from "@/lib/connections/provider";
import { withConnection } from "@/lib/api/with-connection";
import { getDb } from "@/lib/db/client";
import { principalActor } from "@/lib/audit/audit";
import { confirmMany } from "@/lib/delivery/confirm/many";
import { resultLine } from "@/lib/delivery/confirm/answers";
import { startRun } from "@/lib/delivery/confirm/runs";
import { ConfirmationsBody } from "@/lib/delivery/schemas";

// Up to 1000 ids of up to 200 characters (3 bytes each in UTF-8): larger than the 64 KiB default.
const BODY_LIMIT = 640 * 1024;

/** The run's id, for `DELETE /api/confirmation-runs/{id}` while it streams (docs/api.md). */
const RUN_HEADER = "Confirmation-Run";

export const POST = withConnection(
  { body: ConfirmationsBody, maxBodyBytes: BODY_LIMIT },
  async ({ connection, principal, body, locale }) => {
    const db = await getDb();
    const ctx = { db, connection, client: providerFor(connection), actor: principalActor(principal) };
    const run = await startRun(db, principal, {
      connectionId: connection.id,
      total: new Set(body.documentids).size,
      scope: body.scope ?? null,
    });
    const res = ndjsonResponse(
      async (emit) => {
        let totals: Awaited<ReturnType<typeof confirmMany>> | undefined;
        try {
          totals = await confirmMany(
            ctx,
            body.documentids,
            body.kd,
            async (r) => {
              emit(resultLine(r, locale));
              await run.record(r.state);
            },
            () => run.cancelled,
          );
          return { done: true, ...totals };
        } finally {
          // Ended by a failure too: then the row keeps the counts recorded so far.
          await run.finish(totals);
        }
      },
      (err) => errorLine(err, locale),
    );
    res.headers.set(RUN_HEADER, run.id);
    return res;
  },
);
