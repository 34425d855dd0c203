import { useQuery } from "@tanstack/react-query";
import { deliveryQuery } from "@/lib/client/queries";
import type { DeliveryRecord } from "@/lib/client/types";

/**
 * The connection filter's options. There is no API of all users' connections for support, so
 * they are the distinct connections of the newest records (one page of 200, prefetched with the
 * page) plus those of the list on screen.
 */
export const CONNECTIONS_SEARCH = { offset: 0, limit: 200 } as const;

export type KnownConnection = { id: string; name: string; owner: string };

export function distinctConnections(...lists: (DeliveryRecord[] | undefined)[]): KnownConnection[] {
  const byId = new Map<string, KnownConnection>();
  for (const list of lists) for (const r of list ?? []) if (!byId.has(r.connectionId)) byId.set(r.connectionId, { id: r.connectionId, name: r.connectionName, owner: r.owner });
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.owner.localeCompare(b.owner));
}

export function useKnownConnections(shown?: DeliveryRecord[]): KnownConnection[] {
  const recent = useQuery(deliveryQuery(CONNECTIONS_SEARCH));
  return distinctConnections(recent.data?.records, shown);
}
