import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "./fetch-json";
import { toQueryString, type DeliverySearch, type InboxSearch } from "./search-params";
import type { Completeness, Connection, DeliveryConnection, DeliveryEvent, DeliveryRecord, Inbox, User } from "./types";

/**
 * One query-key and queryOptions factory per resource (STYLE.md 12-13). Keys nest, so a mutation
 * invalidates by prefix (`inboxKeys.all` after a confirmation). A server page prefetches under the
 * same key with the lib/ function the route would call, and hydrates it.
 */

export const connectionKeys = {
  all: ["connections"] as const,
  list: () => [...connectionKeys.all, "list"] as const,
};

export const inboxKeys = {
  all: ["inbox"] as const,
  list: (search: Omit<InboxSearch, "doc">) => [...inboxKeys.all, "list", search] as const,
};

export const deliveryKeys = {
  all: ["delivery"] as const,
  list: (search: DeliverySearch) => [...deliveryKeys.all, "list", search] as const,
  detail: (connectionId: string, documentid: string) => [...deliveryKeys.all, "detail", connectionId, documentid] as const,
  completeness: (input: { connection?: string; property?: string; from: string; to: string }) => [...deliveryKeys.all, "completeness", input] as const,
  connections: () => [...deliveryKeys.all, "connections"] as const,
};

export const userKeys = {
  all: ["users"] as const,
  list: () => [...userKeys.all, "list"] as const,
};

export const connectionsQuery = () => queryOptions({ queryKey: connectionKeys.list(), queryFn: () => fetchJson<Connection[]>("/api/connections") });

/** The inbox API's query of a page's state (`state=all` means no state filter). */
export function inboxApiQuery(search: Omit<InboxSearch, "doc">): string {
  const { state, ...rest } = search;
  return toQueryString({ ...rest, state: state === "all" ? undefined : state });
}

export const inboxQuery = (search: Omit<InboxSearch, "doc">) =>
  queryOptions({ queryKey: inboxKeys.list(search), queryFn: () => fetchJson<Inbox>(`/api/inbox?${inboxApiQuery(search)}`) });

export const deliveryQuery = (search: DeliverySearch) =>
  queryOptions({
    queryKey: deliveryKeys.list(search),
    queryFn: () => fetchJson<{ count: number; records: DeliveryRecord[] }>(`/api/delivery/documents?${toQueryString(search)}`),
  });

export const deliveryDetailQuery = (connectionId: string, documentid: string) =>
  queryOptions({
    queryKey: deliveryKeys.detail(connectionId, documentid),
    queryFn: () => fetchJson<DeliveryRecord & { events: DeliveryEvent[] }>(`/api/delivery/documents/${connectionId}/${encodeURIComponent(documentid)}`),
  });

export const completenessQuery = (input: { connection?: string; property?: string; from: string; to: string }) =>
  queryOptions({ queryKey: deliveryKeys.completeness(input), queryFn: () => fetchJson<Completeness>(`/api/delivery/completeness?${toQueryString(input)}`) });

export const deliveryConnectionsQuery = () =>
  queryOptions({ queryKey: deliveryKeys.connections(), queryFn: () => fetchJson<DeliveryConnection[]>("/api/delivery/connections") });

export const usersQuery = () => queryOptions({ queryKey: userKeys.list(), queryFn: () => fetchJson<User[]>("/api/users") });
