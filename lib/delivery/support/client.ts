import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import { toQueryString } from "@/lib/lists/params";
import type { FactsView } from "@/lib/delivery/file-facts";
import type { DeliveryEvent } from "./detail";
import { DELIVERY_DEFAULTS, type DeliverySearch } from "./list";
import type { DeliveryConnection, DeliveryRecord } from "./records";

/**
 * The browser's side of support's delivery record (docs/api.md, "`GET /api/delivery/documents`"): its shapes (the server's,
 * type-only), keys and queries, shared with the pages' prefetch. The completeness grid's key nests under
 * `deliveryKeys.all` (lib/views/completeness/client.ts).
 */
export type { DeliveryConnection, DeliveryEvent, DeliveryRecord };

export const deliveryKeys = {
  all: ["delivery"] as const,
  list: (search: DeliverySearch) => [...deliveryKeys.all, "list", search] as const,
  detail: (connectionId: string, documentid: string) =>
    [...deliveryKeys.all, "detail", connectionId, documentid] as const,
  connections: () => [...deliveryKeys.all, "connections"] as const,
  properties: () => [...deliveryKeys.all, "properties"] as const,
};

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

export const deliveryConnectionsQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.connections(),
    queryFn: () => fetchJson<DeliveryConnection[]>("/api/delivery/connections"),
  });

/** Every register's property names, for support's property filter. */
export const deliveryPropertiesQuery = () =>
  queryOptions({ queryKey: deliveryKeys.properties(), queryFn: () => fetchJson<string[]>("/api/delivery/properties") });
