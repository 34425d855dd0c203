import { DOCUMENT_STATES } from "@/lib/document-states";
import { defaultsOf, param, readList, type ListState, type Raw } from "@/lib/lists/params";

/**
 * Support's delivery record (`GET /api/delivery/documents` and its CSV export, docs/api.md): its
 * filters, defaults and limits, once. The routes' schemas (lib/delivery/support/schemas.ts) and
 * the page on server and client read these.
 */
export const DELIVERY_FILTERS = {
  q: param.text(200),
  state: param.oneOf(DOCUMENT_STATES),
  connection: param.uuid,
  /**
   * One property of the unit registers, by its exact name: the documents whose unit is in it in their owner's register.
   */
  property: param.text(200),
  /** Days of first sight, German time, inclusive. */
  from: param.day,
  to: param.day,
};
export type DeliveryFiltersInput = ListState<typeof DELIVERY_FILTERS>;

export const MAX_DELIVERY_PAGE = 500;
export const DELIVERY_LIST = { ...DELIVERY_FILTERS, offset: param.offset, limit: param.limit(100, MAX_DELIVERY_PAGE) };
export type DeliverySearch = ListState<typeof DELIVERY_LIST>;
export const DELIVERY_DEFAULTS = defaultsOf(DELIVERY_LIST);

/** The page sizes the pager offers (the default among them). */
export const DELIVERY_PAGE_SIZES = [25, 50, 100, 200, 500];

export const readDeliverySearch = (raw: Raw): DeliverySearch => readList(DELIVERY_LIST, raw);
