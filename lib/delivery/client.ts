import type { confirmMany } from "@/lib/delivery/confirm/many";
import type { resultLine } from "@/lib/delivery/confirm/answers";
import type { SyncDone, SyncProgress } from "@/lib/delivery/sync";
import type { FailureLine } from "@/lib/client/types";

/**
 * The browser's side of the delivery routes on a connection (docs/api.md, "Shapes"): the NDJSON lines of a bulk
 * confirmation and of a sync, as the server writes them (type-only imports).
 */

/** The lines of a bulk confirmation: one per document as it finishes, then the totals (or a failure). */
export type ConfirmLine = ReturnType<typeof resultLine>;
export type ConfirmSummary = { done: true } & Awaited<ReturnType<typeof confirmMany>>;
export type ConfirmationsLine = ConfirmLine | ConfirmSummary | FailureLine;
/** The lines of a sync: progress, then the outcome (or a failure). */
export type SyncLine = SyncProgress | SyncDone | FailureLine;
