import { useQuery } from "@tanstack/react-query";
import { deliveryConnectionsQuery } from "@/lib/delivery/support/client";
import type { DeliveryConnection } from "@/lib/delivery/support/client";

/** An option of support's connection filter: a listed connection, or the id the URL names. */
export type KnownConnection = Pick<DeliveryConnection, "id" | "name" | "owner"> &
  Partial<Pick<DeliveryConnection, "deleted">>;

/** Every user's connections (`GET /api/delivery/connections`, prefetched with the page). */
export function useKnownConnections(): KnownConnection[] {
  return useQuery(deliveryConnectionsQuery()).data ?? EMPTY;
}

const EMPTY: DeliveryConnection[] = [];
