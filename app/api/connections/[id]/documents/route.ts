import { withConnection } from "@/lib/connections/with-connection";
import { ListDocumentsQuery } from "@/lib/delivery/schemas";
import { getDb } from "@/lib/db/client";
import { principalActor } from "@/lib/audit/audit";
import { listDocuments } from "@/lib/delivery/documents";

export const GET = withConnection({ query: ListDocumentsQuery }, async ({ connection, principal, query, req }) =>
  listDocuments({ db: await getDb(), connection, actor: principalActor(principal) }, { ...query, signal: req.signal }),
);
