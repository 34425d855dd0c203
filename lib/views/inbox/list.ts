import { DOCUMENT_STATES } from "@/lib/document-states";
import { defaultsOf, param, readList, type ListState, type Raw } from "@/lib/lists/params";

/**
 * The inbox (`GET /api/inbox`, docs/api.md): its parameters, defaults and limits, once. The route's
 * schema (lib/delivery/schemas.ts), the page on the server and the client view all read these.
 */
export const INBOX_LIST = {
  offset: param.offset,
  /** Documents per page, grouped by usage unit: a unit with more is continued on the next page. */
  limit: param.limit(50, 200),
  connection: param.uuid,
  q: param.text(200),
  month: param.month,
  state: param.oneOf(DOCUMENT_STATES),
  /** One property of the user's unit register, by name (its units only). */
  property: param.text(200),
};
export type InboxInput = ListState<typeof INBOX_LIST>;

/** The page sizes the pager offers (the default among them). */
export const INBOX_PAGE_SIZES = [25, 50, 100];

/**
 * The page's view of the list: open documents unless asked otherwise ("all" lifts the state
 * filter), and the document open in the viewer (`{connectionId}:{documentid}`).
 */
export const INBOX_VIEW = {
  ...INBOX_LIST,
  state: param.oneOf([...DOCUMENT_STATES, "all"], "open"),
  doc: param.text(300),
};
export type InboxSearch = ListState<typeof INBOX_VIEW>;
export const INBOX_VIEW_DEFAULTS = defaultsOf(INBOX_VIEW);

export const readInboxView = (raw: Raw): InboxSearch => readList(INBOX_VIEW, raw);

/** The API's input of a view: its list without the open document, `all` states as no filter. */
export function inboxInputOf({ doc: _doc, state, ...rest }: InboxSearch): InboxInput {
  return { ...rest, state: state === "all" ? undefined : state };
}
