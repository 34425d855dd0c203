"use client";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { runQuery } from "@/components/runs/run-queries";
import { handoffsOf, mergeKept, type Groups } from "./kept-rows";

type Kept = { list: string; shown: Groups; confirmed: ReadonlySet<string> };

/**
 * Documents confirmed on this page stay in its rows, marked confirmed and with their unit's hand-off, until the page
 * is left or reloaded (docs/api.md, `GET /api/inbox`): a manager confirms, then hands on, without looking for them
 * again. Kept per list (`list`: the URL's list state); another filter or page shows the list as it is.
 */
export function useKeptConfirmed(list: string, fresh: Groups, handoffRun: string | null) {
  const [kept, setKept] = useState<Kept | null>(null);
  const active = kept !== null && kept.list === list ? kept : null;
  // The hand-off run the page shows (its panel polls it): what it did to kept rows.
  const run = useQuery({ ...runQuery(handoffRun ?? ""), enabled: false });
  const data = handoffRun ? run.data : undefined;
  const groups = useMemo(
    () =>
      active
        ? mergeKept(
            active.shown,
            active.confirmed,
            fresh,
            handoffsOf(data?.lines, data?.finishedAt ?? data?.startedAt ?? ""),
          )
        : fresh,
    [active, fresh, data],
  );
  const keep = (keys: string[]) =>
    setKept((k) => ({
      list,
      shown: groups,
      confirmed: new Set([...(k !== null && k.list === list ? k.confirmed : []), ...keys]),
    }));
  return { groups, keep };
}
