import type { confirmMany } from "@/lib/delivery/confirm/many";
import type { ErrorCode } from "@/lib/errors";
import type { resultLine } from "@/lib/delivery/confirm/answers";
import type { SyncDone, SyncProgress } from "@/lib/delivery/sync";

/**
 * The shapes the pages share, defined once: each is the type of what the server's function
 * returns (type-only imports: nothing of the server reaches the browser bundle).
 */
export type { Role } from "@/lib/db/schema/users";
export type { DocumentState } from "@/lib/db/schema/delivery";
export type { ConnectionView as Connection } from "@/lib/connections/connections";
export type { TestResult as ConnectionTest } from "@/lib/connections/test-connection";
export type { UserView as User } from "@/lib/users/users";
export type { GroupRegister, HandoffSummary, Inbox, InboxGroup, InboxDocument } from "@/lib/views/inbox";
export type { HandoffLine } from "@/lib/handoffs/outcome";
export type { DeliveryConnection, DeliveryRecord } from "@/lib/delivery/support/records";
export type { DeliveryEvent } from "@/lib/delivery/support/detail";
export type { Completeness, Cell as CompletenessCell } from "@/lib/views/completeness";

/** The last line of an NDJSON answer that failed after it began (docs/api.md, "Shapes"). */
export type FailureLine = {
  done: true;
  error: ErrorCode;
  message: string;
  providerStatus?: number;
  requestId?: string;
};
/** The lines of a bulk confirmation: one per document as it finishes, then the totals (or a failure). */
export type ConfirmLine = ReturnType<typeof resultLine>;
export type ConfirmSummary = { done: true } & Awaited<ReturnType<typeof confirmMany>>;
export type ConfirmationsLine = ConfirmLine | ConfirmSummary | FailureLine;
/** The lines of a sync: progress, then the outcome (or a failure). */
export type SyncLine = SyncProgress | SyncDone | FailureLine;
