import { fileResponse } from "@/lib/api/responses";
import { pathParams } from "@/lib/api/validation";
import { withConnection } from "@/lib/api/with-connection";
import { KdQuery } from "@/lib/delivery/schemas";
import { getDb } from "@/lib/db/client";
import { actorOf } from "@/lib/audit/audit";
import { documentData } from "@/lib/delivery/documents";
import { recordRead } from "@/lib/delivery/reads";

export const GET = withConnection(
  { query: KdQuery, params: pathParams("documentid") },
  async ({ connection, user, params, query, req }) => {
    const db = await getDb();
    const { meta, stream } = await documentData({ db, connection, actor: actorOf(user) }, params.documentid, {
      kd: query.kd,
      signal: req.signal,
    });
    await recordRead(db, connection.id, params.documentid, user.id);
    return fileResponse(meta, stream);
  },
);
