import { z } from "zod";
import { HANDOFFS_LIST } from "@/lib/handoffs/list";
import { listSchema } from "@/lib/lists/schema";
import { RunScope } from "@/lib/runs/schemas";

/** Request schemas of the hand-off routes (docs/api.md, "Hand-off to residents"). */

export const MAX_HANDOFFS = 1000;

/**
 * `POST /api/handoffs`: the documents to hand on, each by its resident's channel; `again` sends what went out before
 * once more; `scope` names the page that starts it, which alone lists it then (lib/runs/schemas.ts).
 */
export const HandoffsBody = z.strictObject({
  documents: z
    .array(z.strictObject({ connectionId: z.uuid(), documentid: z.string().min(1).max(200) }))
    .min(1)
    .max(MAX_HANDOFFS),
  again: z.boolean().optional(),
  scope: RunScope.optional(),
  /** "Bestätigen und weitergeben" as one request: the named open documents are confirmed first (lib/releases/confirm-first.ts). */
  confirmFirst: z.boolean().optional().meta({
    description: "confirm the named documents still open first, then hand on (the month page's combined action)",
  }),
});

export const HandoffsQuery = listSchema(HANDOFFS_LIST);
