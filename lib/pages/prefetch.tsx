import "server-only";
import { dehydrate, HydrationBoundary, QueryClient, type dataTagSymbol, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { requirePagePrincipal, type PageId } from "@/lib/auth/pages";
import type { Principal } from "@/lib/auth/principal";
import type { CurrentUser } from "@/lib/auth/session";
import { getDb, type Db } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/server";

/** What a page's loader gets: the database, the signed-in user, its principal and their language, as the route would. */
export type PageScope = { db: Db; user: CurrentUser; principal: Principal; locale: Locale };

/**
 * The server side of every dashboard page: the user (sign-in redirect, 404 for a
 * role without the page), one query client per request, `prefetch` under the client's own
 * `queryOptions` (the feature's client.ts) with the lib/ function its route calls, and `hydrate`
 * to hand the result to the client view. A failed prefetch is left out, so the client asks the
 * API and shows its message (a bad date range, for example).
 */
export async function pageQueries(page: PageId) {
  const { user, principal } = await requirePagePrincipal(page);
  const [db, locale] = await Promise.all([getDb(), requestLocale(user.locale)]);
  const scope: PageScope = { db, user, principal, locale };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    user,
    principal,
    client,
    // The key carries the type of the client's data (queryOptions tags it): the loader must match.
    prefetch: <T,>(options: { queryKey: QueryKey & { [dataTagSymbol]: T } }, load: (scope: PageScope) => Promise<T>) =>
      client.prefetchQuery({ queryKey: options.queryKey, queryFn: () => load(scope) }),
    hydrate: (view: ReactNode) => <HydrationBoundary state={dehydrate(client)}>{view}</HydrationBoundary>,
  };
}
