/**
 * The shapes the pages share, defined once: each is the type of what the server's function
 * returns (type-only imports: nothing of the server reaches the browser bundle).
 */
export type { Role } from "@/lib/db/schema/users";
export type { DocumentState } from "@/lib/db/schema/delivery";
export type { ConnectionView as Connection } from "@/lib/connections/connections";
export type { TestResult as ConnectionTest } from "@/lib/connections/test-connection";
export type { UserView as User } from "@/lib/users/users";
export type { Inbox, InboxGroup, InboxDocument } from "@/lib/delivery/inbox";
export type { DeliveryConnection, DeliveryRecord, DeliveryEvent } from "@/lib/delivery/support/records";
export type { Completeness, Cell as CompletenessCell } from "@/lib/delivery/support/completeness";

/** One line of a bulk confirmation's NDJSON answer. */
export type ConfirmLine = { documentid: string; state: "confirmed" | "failed" | "unknown" | "pending"; error?: string; message?: string };
export type ConfirmSummary = { done: true; confirmed: number; failed: number; unknown: number; pending: number };
/** Lines of a sync's NDJSON answer. */
export type SyncLine =
  | { seen: number; count: number }
  | { done: true; open: number; gone: number; added: number; countMismatch?: { count: number; seen: number }; error?: string; message?: string };
