import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { getDelivery } from "@/lib/delivery/support/records";

export const GET = withRole(["support", "admin"], {}, async ({ user, params }) =>
  getDelivery(await getDb(), user, { connection: params.connection ?? "", documentid: params.documentid ?? "" }),
);
