import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import { toQueryString } from "@/lib/lists/params";
import { deliveryKeys } from "@/lib/delivery/support/client";
import type { Completeness } from "./completeness";
import type { CompletenessSearch } from "./list";

/** The browser's side of support's completeness grid: its shapes (type-only), key (under support's) and query. */
export type { Completeness, Cell as CompletenessCell } from "./completeness";

/** The grid's scope as the API takes it: both months named. */
export type CompletenessScope = CompletenessSearch & { from: string; to: string };

export const completenessKey = (input: CompletenessScope) => [...deliveryKeys.all, "completeness", input] as const;

export const completenessQuery = (input: CompletenessScope) =>
  queryOptions({
    queryKey: completenessKey(input),
    queryFn: () => fetchJson<Completeness>(`/api/delivery/completeness?${toQueryString(input)}`),
  });
