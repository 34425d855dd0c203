import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "./fetch-json";
import { OUTBOX_DEFAULTS, SUPPORT_OUTBOX_DEFAULTS, type OutboxSearch, type OutboxState, type SupportOutboxSearch } from "@/lib/lists/outbox";
import { toQueryString } from "@/lib/lists/params";

/**
 * The browser's side of the DTA outbox (docs/api.md, "Outbox"): its shapes, query keys and
 * options (shared with the pages' prefetch), the upload with real progress and the resolution of
 * an `unknown` item.
 */

/** The provider's status object, as it answered. */
export type OutboxStatus = { statustype: string; code: string; message: string };

export type OutboxItem = {
  id: string;
  connectionId: string;
  filename: string;
  bytes: number;
  sha256: string;
  doctype: string | null;
  doctypeversion: string | null;
  kd: string | null;
  metadata: unknown;
  state: OutboxState;
  status: OutboxStatus | null;
  httpStatus: number | null;
  /** A text for a person when the outcome needs one (a timeout, a warning, the provider's error). */
  message: string | null;
  sentAt: string;
  sentBy: string | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
};
export type SupportOutboxItem = OutboxItem & { connectionName: string; owner: string };
export type OutboxPage = { count: number; offset: number; limit: number; items: OutboxItem[] };

export const outboxKeys = {
  all: ["outbox"] as const,
  list: (connectionId: string, search: OutboxSearch) => [...outboxKeys.all, "list", connectionId, search] as const,
  support: (search: SupportOutboxSearch) => [...outboxKeys.all, "support", search] as const,
};

export const outboxUrl = (connectionId: string) => `/api/connections/${connectionId}/outbox`;

export const outboxQuery = (connectionId: string, search: OutboxSearch) =>
  queryOptions({
    queryKey: outboxKeys.list(connectionId, search),
    queryFn: () => fetchJson<OutboxPage>(`${outboxUrl(connectionId)}?${toQueryString(search, OUTBOX_DEFAULTS)}`),
  });

export const supportOutboxQuery = (search: SupportOutboxSearch) =>
  queryOptions({
    queryKey: outboxKeys.support(search),
    queryFn: () => fetchJson<{ count: number; items: SupportOutboxItem[] }>(`/api/delivery/outbox?${toQueryString(search, SUPPORT_OUTBOX_DEFAULTS)}`),
  });

/** The person who asked the provider settles an `unknown` item; the server never resends. */
export const resolveOutboxItem = (item: OutboxItem, state: "sent" | "failed") =>
  fetchJson<OutboxItem>(`${outboxUrl(item.connectionId)}/${item.id}`, { method: "PATCH", body: JSON.stringify({ state }) });

/** What the server answered an upload: its status and its JSON body (null when it had none). */
export type UploadAnswer = { status: number; body: unknown };

/**
 * POSTs a form with XMLHttpRequest, whose `upload.onprogress` reports the bytes sent (fetch has no
 * upload progress). Resolves with any HTTP answer; rejects only when none came (the network, or
 * `signal`), which leaves open whether the server went on to send the file.
 */
export function postForm(url: string, form: FormData, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<UploadAnswer> {
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
