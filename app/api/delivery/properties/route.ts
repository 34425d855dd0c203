import { withSupport } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { listDeliveryProperties } from "@/lib/delivery/support/records";

export const GET = withSupport({}, async ({ principal }) => listDeliveryProperties(await getDb(), principal));
