import { defaultsOf, param, readList, type ListState, type Raw } from "./params";

/**
 * The DTA outbox's lists (docs/api.md): a manager's sent items of one connection
 * (`GET /api/connections/{id}/outbox`) and support's items of every user (`GET
 * /api/delivery/outbox` and its CSV export), their filters, defaults and limits, once. No imports
 * beyond params.ts, so the browser loads it without the database schema.
 */
export const OUTBOX_STATES = ["sent", "failed", "unknown"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** A connection's sent items: newest first, 25 a page, at most 100 (the route's limit). */
export const OUTBOX_LIST = { offset: param.offset, limit: param.limit(25, 100) };
export type OutboxSearch = ListState<typeof OUTBOX_LIST>;
export const OUTBOX_DEFAULTS = defaultsOf(OUTBOX_LIST);
export const OUTBOX_PAGE_SIZES = [25, 50, 100];
export const readOutboxSearch = (raw: Raw): OutboxSearch => readList(OUTBOX_LIST, raw);

export const SUPPORT_OUTBOX_FILTERS = {
  /** A file name, or the start of a SHA-256. */
  q: param.text(200),
  state: param.oneOf(OUTBOX_STATES),
  connection: param.uuid,
  /** Days of sending, German time, inclusive. */
  from: param.day,
  to: param.day,
};
export const SUPPORT_OUTBOX_LIST = { ...SUPPORT_OUTBOX_FILTERS, ...OUTBOX_LIST };
export type SupportOutboxSearch = ListState<typeof SUPPORT_OUTBOX_LIST>;
export const SUPPORT_OUTBOX_DEFAULTS = defaultsOf(SUPPORT_OUTBOX_LIST);
export const readSupportOutboxSearch = (raw: Raw): SupportOutboxSearch => readList(SUPPORT_OUTBOX_LIST, raw);
