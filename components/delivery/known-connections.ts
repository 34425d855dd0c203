import { useQuery } from "@tanstack/react-query";
import { deliveryConnectionsQuery } from "@/lib/client/queries";
import type { DeliveryConnection } from "@/lib/client/types";

/** An option of support's connection filter. */
export type KnownConnection = { id: string; name: string; owner: string; deleted?: boolean };

/** Every user's connections (`GET /api/delivery/connections`, prefetched with the page). */
export function useKnownConnections(): KnownConnection[] {
  return useQuery(deliveryConnectionsQuery()).data ?? EMPTY;
}

const EMPTY: DeliveryConnection[] = [];
