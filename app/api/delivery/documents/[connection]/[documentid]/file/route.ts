import { withSupport } from "@/lib/api/handler";
import { fileResponse } from "@/lib/api/responses";
import { getDb } from "@/lib/db/client";
import { DeliveryKey } from "@/lib/delivery/support/schemas";
import { openDeliveryFile } from "@/lib/delivery/support/detail";

export const GET = withSupport(
  { params: DeliveryKey, notFound: "deliveryRecord.notFound" },
  async ({ principal, params }) => {
    const { meta, stream } = await openDeliveryFile(await getDb(), principal, params);
    return fileResponse(meta, stream);
  },
);
