import type { ConfirmationState } from "@/lib/db/schema/delivery";
import { defineRunKind, type RunView } from "@/lib/runs/kind";

/**
 * A bulk confirmation (`POST /api/connections/{id}/confirmations`) as a run (lib/runs): a run of one connection that
 * counts each document's state; its lines are the NDJSON answer's alone. Up to 5 at once per user (each keeps up to 8
 * documents in flight); an ended one is listed for two minutes.
 */
export const confirmRunKind = defineRunKind<ConfirmationState>({
  name: "confirm",
  counts: ["confirmed", "failed", "unknown", "pending"],
  maxRunning: 5,
  listedAfterEndS: 120,
  listLimit: 20,
  onConnection: true,
  words: { notFound: "delivery.run.notFound", tooMany: "delivery.run.tooMany" },
});

/** A bulk confirmation as the API answers it. */
export type ConfirmRunView = RunView<ConfirmationState> & { connectionId: string };
