import { withSupport } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { listDeliveryConnections } from "@/lib/delivery/support/records";

export const GET = withSupport({}, async ({ principal }) => listDeliveryConnections(await getDb(), principal));
