import { listDocuments } from "@/lib/connections/documents";
import { withConnection } from "@/lib/connections/route";
import { ListDocumentsQuery } from "@/lib/connections/schemas";

export const GET = withConnection({ query: ListDocumentsQuery }, async ({ connection, query, req }) =>
  listDocuments(connection, { ...query, signal: req.signal }),
);
