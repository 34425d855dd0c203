import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "./fetch-json";
import type { CompletenessSearch } from "@/lib/lists/completeness";
import { DELIVERY_DEFAULTS, type DeliverySearch } from "@/lib/lists/delivery";
import { INBOX_LIST, type InboxInput } from "@/lib/lists/inbox";
import { defaultsOf, toQueryString } from "@/lib/lists/params";
import type { Completeness, Connection, DeliveryConnection, DeliveryEvent, DeliveryRecord, Inbox, User } from "./types";
import type { FactsView } from "@/lib/delivery/file-facts";

/**
 * One query-key and queryOptions factory per resource. Keys nest, so a mutation
 * invalidates by prefix (`inboxKeys.all` after a confirmation). A server page prefetches the same
 * options with the lib/ function the route would call, and hydrates them (lib/pages/prefetch.tsx).
 */

export const connectionKeys = {
  all: ["connections"] as const,
  list: () => [...connectionKeys.all, "list"] as const,
};

export const inboxKeys = {
  all: ["inbox"] as const,
  list: (input: InboxInput) => [...inboxKeys.all, "list", input] as const,
};

export const deliveryKeys = {
  all: ["delivery"] as const,
  list: (search: DeliverySearch) => [...deliveryKeys.all, "list", search] as const,
  detail: (connectionId: string, documentid: string) =>
    [...deliveryKeys.all, "detail", connectionId, documentid] as const,
  completeness: (input: CompletenessScope) => [...deliveryKeys.all, "completeness", input] as const,
  connections: () => [...deliveryKeys.all, "connections"] as const,
  properties: () => [...deliveryKeys.all, "properties"] as const,
};

export const userKeys = {
  all: ["users"] as const,
  list: () => [...userKeys.all, "list"] as const,
};

export const connectionsQuery = () =>
  queryOptions({ queryKey: connectionKeys.list(), queryFn: () => fetchJson<Connection[]>("/api/connections") });

const INBOX_DEFAULTS = defaultsOf(INBOX_LIST);

export const inboxQuery = (input: InboxInput) =>
  queryOptions({
    queryKey: inboxKeys.list(input),
    queryFn: () => fetchJson<Inbox>(`/api/inbox?${toQueryString(input, INBOX_DEFAULTS)}`),
  });

export const deliveryQuery = (search: DeliverySearch) =>
  queryOptions({
    queryKey: deliveryKeys.list(search),
    queryFn: () =>
      fetchJson<{ count: number; records: DeliveryRecord[] }>(
        `/api/delivery/documents?${toQueryString(search, DELIVERY_DEFAULTS)}`,
      ),
  });

export const deliveryDetailQuery = (connectionId: string, documentid: string) =>
  queryOptions({
    queryKey: deliveryKeys.detail(connectionId, documentid),
    queryFn: () =>
      fetchJson<DeliveryRecord & { facts: FactsView | null; events: DeliveryEvent[] }>(
        `/api/delivery/documents/${connectionId}/${encodeURIComponent(documentid)}`,
      ),
  });

/** The grid's scope as the API takes it: both months named. */
export type CompletenessScope = CompletenessSearch & { from: string; to: string };

export const completenessQuery = (input: CompletenessScope) =>
  queryOptions({
    queryKey: deliveryKeys.completeness(input),
    queryFn: () => fetchJson<Completeness>(`/api/delivery/completeness?${toQueryString(input)}`),
  });

export const deliveryConnectionsQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.connections(),
    queryFn: () => fetchJson<DeliveryConnection[]>("/api/delivery/connections"),
  });

/** Every register's property names, for support's property filter. */
export const deliveryPropertiesQuery = () =>
  queryOptions({ queryKey: deliveryKeys.properties(), queryFn: () => fetchJson<string[]>("/api/delivery/properties") });

export const usersQuery = () =>
  queryOptions({ queryKey: userKeys.list(), queryFn: () => fetchJson<User[]>("/api/users") });
