import { fileResponse } from "@/lib/api/responses";
import { pathParams } from "@/lib/api/validation";
import { withConnection } from "@/lib/connections/with-connection";
import { KdQuery } from "@/lib/delivery/schemas";
import { getDb } from "@/lib/db/client";
import { principalActor } from "@/lib/audit/audit";
import { documentData } from "@/lib/delivery/documents";
import { recordRead } from "@/lib/delivery/reads";

export const GET = withConnection(
  { query: KdQuery, params: pathParams("documentid") },
  async ({ connection, principal, params, query, req }) => {
    const db = await getDb();
    const { meta, stream } = await documentData(
      { db, connection, actor: principalActor(principal) },
      params.documentid,
      {
        kd: query.kd,
        signal: req.signal,
      },
    );
    await recordRead(db, principal, connection.id, params.documentid);
    return fileResponse(meta, stream);
  },
);
