import { errorLine, ndjsonResponse } from "@/lib/api/responses";
import { providerFor } from "@/lib/connections/provider";
import { withConnection } from "@/lib/connections/with-connection";
import { getDb } from "@/lib/db/client";
import { principalActor } from "@/lib/audit/audit";
import { confirmMany } from "@/lib/delivery/confirm/many";
import { resultLine } from "@/lib/delivery/confirm/answers";
import { confirmRunKind } from "@/lib/delivery/confirm/run-kind";
import { ConfirmationsBody } from "@/lib/delivery/schemas";
import { startRun } from "@/lib/runs/runs";
import { RUN_ID_HEADER } from "@/lib/runs/kind";
import { releaseAnswer, requestRelease } from "@/lib/releases/releases";

// Up to 1000 ids of up to 200 characters (3 bytes each in UTF-8): larger than the 64 KiB default.
const BODY_LIMIT = 640 * 1024;

/** The run's id under its old name beside `Run-Id` (docs/api.md): scripts cancel by it while it streams. */
const OLD_RUN_HEADER = "Confirmation-Run";

export const POST = withConnection(
  { body: ConfirmationsBody, maxBodyBytes: BODY_LIMIT },
  async ({ connection, principal, body, locale }) => {
    const db = await getDb();
    // Four eyes (lib/releases): from the team's threshold on, the request waits for a second member.
    const release = await requestRelease(db, principal, { kind: "confirm", connectionId: connection.id, body });
    if (release) return releaseAnswer(release);
    const ctx = { db, connection, client: providerFor(connection), actor: principalActor(principal) };
    const run = await startRun(db, confirmRunKind, principal, {
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
    res.headers.set(RUN_ID_HEADER, run.id);
    res.headers.set(OLD_RUN_HEADER, run.id);
    return res;
  },
);
