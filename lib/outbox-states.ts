/**
 * What became of a send: `unknown` until the provider's answer is seen (or a person resolves it). The database column
 * (lib/db/schema/outbox.ts), the outbox's list (lib/outbox/list.ts) and the pages read it; no imports, so the browser
 * loads it without the schema.
 */
export const OUTBOX_STATES = ["sent", "failed", "unknown"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
