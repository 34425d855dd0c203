import { z } from "zod";
import type { Role } from "@/lib/db/schema/users";
import { HandoffMonthQuery } from "@/lib/views/handoff-month/query";

/**
 * `GET /api/handoffs/proof` and `proof.csv` (docs/api.md, "The proof of a month"): a property and a month as the
 * month view takes them, and for support the connection whose owner's register is meant (support has no register).
 */
export const ProofQuery = HandoffMonthQuery.extend({ connection: z.uuid().optional() });
export type ProofInput = z.output<typeof ProofQuery>;

/** Who may download a proof: the owner (manager, admin) and support (any owner's, without residents' names). */
export const PROOF_ROLES = ["manager", "support", "admin"] as const satisfies readonly Role[];
