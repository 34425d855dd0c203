import { withRole } from "@/lib/api/handler";
import { fileResponse } from "@/lib/api/responses";
import { getDb } from "@/lib/db/client";
import { openDeliveryFile } from "@/lib/delivery/support/records";

export const GET = withRole(["support", "admin"], {}, async ({ user, params }) => {
  const { meta, stream } = await openDeliveryFile(await getDb(), user, { connection: params.connection ?? "", documentid: params.documentid ?? "" });
  return fileResponse(meta, stream);
});
