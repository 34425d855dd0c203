import { withConnection } from "@/lib/api/with-connection";
import { ListDocumentsQuery } from "@/lib/delivery/schemas";
import { getDb } from "@/lib/db/client";
import { actorOf } from "@/lib/audit/audit";
import { listDocuments } from "@/lib/delivery/documents";

export const GET = withConnection({ query: ListDocumentsQuery }, async ({ connection, user, query, req }) =>
  listDocuments({ db: await getDb(), connection, actor: actorOf(user) }, { ...query, signal: req.signal }),
);
