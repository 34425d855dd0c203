"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { plainParams, toQueryString, type Raw } from "@/lib/lists/params";

/**
 * A list's state from the URL, read by the list's reader (lib/lists/), and a setter that writes a
 * change back as a new history entry (back and forward work; a reload shows the same view).
 * Changing a filter goes back to the first page unless the change names the page itself.
 */
export function useSearchState<T extends Record<string, string | number | undefined>>(
  read: (raw: Raw) => T,
  defaults: Record<string, string | number>,
) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const state = useMemo(() => read(plainParams(params)), [read, params]);
  const update = useCallback(
    (patch: Partial<T>, options: { replace?: boolean } = {}) => {
      const next: Record<string, string | number | undefined> = { ...state, ...patch };
      if ("offset" in state && !("offset" in patch) && Object.keys(patch).some((k) => k !== "doc")) next.offset = 0;
      const query = toQueryString(next, defaults);
      const href = query ? `${pathname}?${query}` : pathname;
      if (options.replace) router.replace(href, { scroll: false });
      else router.push(href, { scroll: false });
    },
    [state, defaults, pathname, router],
  );
  return [state, update] as const;
}
