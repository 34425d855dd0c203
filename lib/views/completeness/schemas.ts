import type { z } from "zod";
import { listSchema } from "@/lib/lists/schema";
import { COMPLETENESS_SCOPE } from "./list";

/** The completeness grid's query (`GET /api/delivery/completeness`): both months are required here. */
export const CompletenessQuery = listSchema(COMPLETENESS_SCOPE, { required: ["from", "to"] });
export type CompletenessInput = z.output<typeof CompletenessQuery>;
