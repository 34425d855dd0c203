import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import { defaultsOf, toQueryString } from "@/lib/lists/params";
import type { Inbox } from "./inbox";
import { INBOX_LIST, type InboxInput } from "./list";

/**
 * The browser's side of the inbox (`GET /api/inbox`): its shapes (the server's, type-only), keys and query, shared
 * with the page's prefetch. A confirmation or a sync invalidates by the prefix `inboxKeys.all`.
 */
export type { GroupRegister, HandoffSummary, InboxDocument, InboxGroup } from "./groups";
export type { Inbox };

export const inboxKeys = {
  all: ["inbox"] as const,
  list: (input: InboxInput) => [...inboxKeys.all, "list", input] as const,
};

const INBOX_DEFAULTS = defaultsOf(INBOX_LIST);

export const inboxQuery = (input: InboxInput) =>
  queryOptions({
    queryKey: inboxKeys.list(input),
    queryFn: () => fetchJson<Inbox>(`/api/inbox?${toQueryString(input, INBOX_DEFAULTS)}`),
  });
