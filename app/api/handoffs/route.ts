import { withRole } from "@/lib/api/handler";
import { errorLine, ndjsonResponse } from "@/lib/api/responses";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { listHandoffs } from "@/lib/handoffs/list";
import { handOffMany } from "@/lib/handoffs/run";
import { HandoffsBody, HandoffsQuery } from "@/lib/handoffs/schemas";

// Up to 1000 pairs of a uuid and an id of up to 200 characters: larger than the 64 KiB default.
const BODY_LIMIT = 640 * 1024;

export const POST = withRole(CONNECTION_ROLES, { body: HandoffsBody, maxBodyBytes: BODY_LIMIT }, async ({ user, body, locale }) => {
  const db = await getDb();
  return ndjsonResponse(
    async (emit) => ({ done: true, ...(await handOffMany(db, user, { documents: body.documents, again: body.again ?? false }, locale, emit)) }),
    (err) => errorLine(err, locale),
  );
});

export const GET = withRole(CONNECTION_ROLES, { query: HandoffsQuery }, async ({ user, query }) => listHandoffs(await getDb(), user.id, query));
