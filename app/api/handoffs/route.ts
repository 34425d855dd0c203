import { withRole } from "@/lib/api/handler";
import { errorLine, ndjsonResponse } from "@/lib/api/responses";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { listHandoffs } from "@/lib/handoffs/record-list";
import { startHandoffRun } from "@/lib/handoffs/run-kind";
import { HandoffsBody, HandoffsQuery } from "@/lib/handoffs/schemas";
import { confirmOpenFirst } from "@/lib/releases/confirm-first";
import { RUN_ID_HEADER } from "@/lib/runs/kind";
import { releaseAnswer, requestRelease } from "@/lib/releases/releases";

// Up to 1000 pairs of a uuid and an id of up to 200 characters: larger than the 64 KiB default.
const BODY_LIMIT = 640 * 1024;

/** The run's id under its old name beside `Run-Id` (docs/api.md): scripts read and cancel it by either. */
const OLD_RUN_HEADER = "Handoff-Run";

export const POST = withRole(
  CONNECTION_ROLES,
  { body: HandoffsBody, maxBodyBytes: BODY_LIMIT },
  async ({ principal, body, locale }) => {
    const db = await getDb();
    // Four eyes (lib/releases): with the team's on, every hand-off waits for a second member.
    const release = await requestRelease(db, principal, { kind: "handoff", body });
    if (release) return releaseAnswer(release);
    const { id, run } = await startHandoffRun(
      db,
      principal,
      { documents: body.documents, again: body.again ?? false, scope: body.scope ?? null },
      locale,
    );
    const res = ndjsonResponse(
      async (emit) => {
        if (body.confirmFirst) await confirmOpenFirst(db, principal, body.documents, body.scope ?? null);
        return { done: true, ...(await run(emit)) };
      },
      (err) => errorLine(err, locale),
    );
    res.headers.set(RUN_ID_HEADER, id);
    res.headers.set(OLD_RUN_HEADER, id);
    return res;
  },
);

export const GET = withRole(CONNECTION_ROLES, { query: HandoffsQuery }, async ({ principal, query, locale }) =>
  listHandoffs(await getDb(), principal, query, locale),
);
