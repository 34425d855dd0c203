import { z } from "zod";
import { withRole } from "@/lib/api/handler";
import { connectionForAdmin, transferConnection } from "@/lib/connections/ownership";
import { ConnectionId, TransferConnectionBody } from "@/lib/connections/schemas";
import { getDb } from "@/lib/db/client";

export const POST = withRole(
  ["admin"],
  { body: TransferConnectionBody, params: z.object({ id: ConnectionId }), notFound: "connections.notFound" },
  async ({ principal, body, params }) => {
    const db = await getDb();
    return transferConnection(db, principal, await connectionForAdmin(db, principal, params.id), body.userId);
  },
);
