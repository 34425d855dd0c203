import { fileResponse } from "@/lib/api/responses";
import { pathParams } from "@/lib/api/validation";
import { withConnection } from "@/lib/api/with-connection";
import { KdQuery } from "@/lib/delivery/schemas";
import { getDb } from "@/lib/db/client";
import { actorOf } from "@/lib/audit/audit";
import { documentData } from "@/lib/delivery/documents";

export const GET = withConnection({ query: KdQuery, params: pathParams("documentid") }, async ({ connection, user, params, query, req }) => {
  const { meta, stream } = await documentData({ db: await getDb(), connection, actor: actorOf(user) }, params.documentid, { kd: query.kd, signal: req.signal });
  return fileResponse(meta, stream);
});
