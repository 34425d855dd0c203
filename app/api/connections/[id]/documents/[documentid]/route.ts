import { providerFor } from "@/lib/connections/provider";
import { pathParams } from "@/lib/api/validation";
import { withConnection } from "@/lib/connections/with-connection";
import { KdQuery } from "@/lib/delivery/schemas";
import { getDb } from "@/lib/db/client";
import { kdOf } from "@/lib/provider/dta";
import { documentWithFacts } from "@/lib/delivery/file-facts";

// One document of the inbox with what the provider says about its file (docs/api.md); asks the provider at most once
// per document.
export const GET = withConnection(
  { query: KdQuery, params: pathParams("documentid") },
  async ({ connection, params, query }) =>
    documentWithFacts(
      await getDb(),
      connection,
      providerFor(connection),
      params.documentid,
      kdOf(connection, query.kd),
    ),
);
