import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import type { listItems } from "@/lib/outbox/items";
import type { listSupportOutbox } from "@/lib/outbox/support";
import type { OutboxItem } from "@/lib/outbox/view";
import { OUTBOX_LIST, OUTBOX_SUPPORT_DEFAULTS, type OutboxSearch, type OutboxSupportSearch } from "@/lib/outbox/list";
import { defaultsOf, readList, toQueryString, type Raw } from "@/lib/lists/params";

/**
 * The browser's side of the DTA outbox (docs/api.md, "`POST /api/connections/{id}/outbox`"): its shapes (the server's
 * own
 * types, type-only), query keys and options (shared with the pages' prefetch), the upload with
 * real progress and the resolution of an `unknown` item.
 */
export type { OutboxItem, SupportOutboxItem } from "@/lib/outbox/view";
export type OutboxPage = Awaited<ReturnType<typeof listItems>>;
export type SupportOutboxPage = Awaited<ReturnType<typeof listSupportOutbox>>;

/** A connection's sent items in the page's URL: its paging, and the sizes its pager offers. */
export const OUTBOX_DEFAULTS = defaultsOf(OUTBOX_LIST);
export const OUTBOX_PAGE_SIZES = [25, 50, 100];
export const readOutboxSearch = (raw: Raw): OutboxSearch => readList(OUTBOX_LIST, raw);

export const outboxKeys = {
  all: ["outbox"] as const,
  list: (connectionId: string, search: OutboxSearch) => [...outboxKeys.all, "list", connectionId, search] as const,
  support: (search: OutboxSupportSearch) => [...outboxKeys.all, "support", search] as const,
};

export const outboxUrl = (connectionId: string) => `/api/connections/${connectionId}/outbox`;

export const outboxQuery = (connectionId: string, search: OutboxSearch) =>
  queryOptions({
    queryKey: outboxKeys.list(connectionId, search),
    queryFn: () => fetchJson<OutboxPage>(`${outboxUrl(connectionId)}?${toQueryString(search, OUTBOX_DEFAULTS)}`),
  });

export const supportOutboxQuery = (search: OutboxSupportSearch) =>
  queryOptions({
    queryKey: outboxKeys.support(search),
    queryFn: () =>
      fetchJson<SupportOutboxPage>(`/api/delivery/outbox?${toQueryString(search, OUTBOX_SUPPORT_DEFAULTS)}`),
  });

/** The person who asked the provider settles an `unknown` item; the server never resends. */
export const resolveOutboxItem = (item: OutboxItem, state: "sent" | "failed") =>
  fetchJson<OutboxItem>(`${outboxUrl(item.connectionId)}/${item.id}`, {
    method: "PATCH",
    body: JSON.stringify({ state }),
  });

/** What the server answered an upload: its status and its JSON body (null when it had none). */
export type UploadAnswer = { status: number; body: unknown };

/**
 * POSTs a form with XMLHttpRequest, whose `upload.onprogress` reports the bytes sent (fetch has no
 * upload progress). Resolves with any HTTP answer; rejects only when none came (the network, or
 * `signal`), which leaves open whether the server went on to send the file.
 */
export function postForm(
  url: string,
  form: FormData,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // Not JSON (a proxy's error page): the status alone says what happened.
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error("network"));
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
