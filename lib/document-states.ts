/**
 * The states of a document in the dashboard's record (docs/architecture.md, "Document states"):
 * the database column, the routes' filters and the pages read this one list. No imports, so the
 * browser can load it without the database schema.
 */
export const DOCUMENT_STATES = ["open", "pending", "confirmed", "failed", "unknown", "gone", "elsewhere"] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];
