"use client";
import { useT } from "@/lib/i18n/client";

/**
 * A list's search field against the API's limit: the hint that names the limit, and the error
 * for a longer search (the form keeps it in the field and does not search, since the URL's
 * parser would drop it and list everything).
 */
export function useSearchLimit(max: number) {
  const t = useT();
  return {
    hint: t("search.limit", { max }),
    check: (q: string): string | undefined => (q.length > max ? t("search.tooLong", { n: q.length, max }) : undefined),
  };
}

/** How many filters are set, in words for the folded filters' button (null when none). */
export function useSetFilters() {
  const t = useT();
  return (values: unknown[]) => {
    const n = values.filter(Boolean).length;
    return n === 0 ? null : t(n === 1 ? "filters.set.one" : "filters.set.other", { n });
  };
}
