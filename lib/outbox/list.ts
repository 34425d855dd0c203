import { defaultsOf, param, readList, type ListState, type Raw } from "@/lib/lists/params";
import { OUTBOX_STATES } from "@/lib/outbox-states";

/**
 * The DTA outbox's lists (docs/architecture.md, "Outbox"): a connection's sent items, and support's list
 * of every user's items with its CSV export. Their parameters, defaults and limits, once: the
 * routes' schemas (lib/outbox/schemas.ts) and the pages on server and client read these.
 * No imports beyond params.ts and the states, so the browser can load it.
 */

export const MAX_OUTBOX_PAGE = 100;

/** `GET /api/connections/{id}/outbox`: newest first. */
export const OUTBOX_LIST = { offset: param.offset, limit: param.limit(25, MAX_OUTBOX_PAGE) };
export type OutboxSearch = ListState<typeof OUTBOX_LIST>;

/** Support's filters (`GET /api/delivery/outbox` and its CSV). */
export const OUTBOX_FILTERS = {
  /** A file name (substring) or the start of a SHA-256. */
  q: param.text(200),
  state: param.oneOf(OUTBOX_STATES),
  connection: param.uuid,
  /** Days of sending, in the display time zone, inclusive. */
  from: param.day,
  to: param.day,
};
export type OutboxFiltersInput = ListState<typeof OUTBOX_FILTERS>;

export const OUTBOX_SUPPORT_LIST = { ...OUTBOX_FILTERS, ...OUTBOX_LIST };
export type OutboxSupportSearch = ListState<typeof OUTBOX_SUPPORT_LIST>;
export const OUTBOX_SUPPORT_DEFAULTS = defaultsOf(OUTBOX_SUPPORT_LIST);

export const readOutboxSupportSearch = (raw: Raw): OutboxSupportSearch => readList(OUTBOX_SUPPORT_LIST, raw);
