import type { ErrorCode } from "@/lib/errors";

/**
 * The shapes every feature's pages share (type-only imports: nothing of the server reaches the browser bundle); a
 * feature's own shapes are in its client.ts (docs/architecture.md, "Slices").
 */
export type { Role } from "@/lib/db/schema/users";
export type { DocumentState } from "@/lib/document-states";

/** The last line of an NDJSON answer that failed after it began (docs/api.md, "Shapes"). */
export type FailureLine = {
  done: true;
  error: ErrorCode;
  message: string;
  providerStatus?: number;
  requestId?: string;
};
