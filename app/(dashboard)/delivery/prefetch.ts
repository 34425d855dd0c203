import "server-only";
import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { requirePage } from "@/lib/auth/pages";
import { getDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/client";
import type { SupportPrincipal } from "@/lib/delivery/support/records";

/**
 * The delivery pages' server side: the user (404 for a role without the page) and a query
 * client to fill under the same keys the client reads (STYLE.md 13). A failed prefetch is left
 * out, so the client asks the API and shows its message (a bad date range, for example).
 */
export async function deliveryPageContext() {
  const user = await requirePage("delivery");
  const db = await getDb();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const prefetch = <T>(queryKey: QueryKey, load: (db: Db, principal: SupportPrincipal) => Promise<T>) =>
    client.prefetchQuery({ queryKey, queryFn: () => load(db, user) });
  return { user, client, prefetch };
}
