import { providerFor } from "@/lib/connections/provider";
import { pathParams } from "@/lib/api/validation";
import { withConnection } from "@/lib/connections/with-connection";
import { KdQuery } from "@/lib/delivery/schemas";
import { getDb } from "@/lib/db/client";
import { principalActor } from "@/lib/audit/audit";
import { confirmOne } from "@/lib/delivery/confirm/one";
import { confirmAnswer } from "@/lib/delivery/confirm/answers";

// The one-document case of the bulk path; no caller signal: the outcome must be seen even if the browser goes away.
export const PUT = withConnection(
  { query: KdQuery, params: pathParams("documentid") },
  async ({ connection, principal, params, query }) =>
    confirmAnswer(
      await confirmOne(
        { db: await getDb(), connection, client: providerFor(connection), actor: principalActor(principal) },
        params.documentid,
        query.kd,
      ),
    ),
);
