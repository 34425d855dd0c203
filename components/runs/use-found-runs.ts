"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { RunScope } from "@/lib/runs/schemas";
import type { ClientRunKind } from "./kind";
import { fromFound, fromRecord } from "./panel-state";
import { runsQuery, type RunRecord } from "./run-queries";
import { useRecord } from "./use-own-run";

/** While one of the page's runs runs, their list is read again this often. */
const LIST_POLL_MS = 2000;

type Asking = (of: string) => { cancelRequested: boolean; cancel: string | null };

const closedKey = (kind: ClientRunKind) => `arge.run.closed.${kind.name}`;
const closedRun = (kind: ClientRunKind) =>
  typeof window === "undefined" ? null : window.sessionStorage.getItem(closedKey(kind));

/**
 * The runs of `kind` of the page of `scope` found on the server (a reloaded page, another tab; `GET /api/runs`), read
 * while the page has no run of its own there (`enabled`): for a kind with lines the latest, followed by its record
 * until it is closed (a reload of the tab does not bring it back); for one without, those seen running that are not
 * the page's own (`own`), by their counts together, until closed.
 */
export function useFoundRuns(
  kind: ClientRunKind,
  scope: RunScope | null,
  { enabled, own, asking }: { enabled: boolean; own: readonly string[]; asking: Asking },
) {
  const [closed, setClosed] = useState<string | null>(() => closedRun(kind));
  const [followed, setFollowed] = useState<ReadonlySet<string>>(new Set());
  const list = useQuery({
    ...runsQuery(scope ?? "inbox", kind.name),
    enabled: scope !== null && enabled,
    refetchInterval: (q) => (q.state.data?.runs.some((r) => r.finishedAt === null) ? LIST_POLL_MS : false),
  });
  const all = list.data?.runs ?? [];
  const latest = kind.lines ? all.at(-1) : undefined;
  const foundId = latest && latest.id !== closed ? latest.id : null;
  const record = useRecord(kind.lines ? foundId : null);
  const newlySeen = kind.lines
    ? []
    : all.filter((r) => r.finishedAt === null && !own.includes(r.id) && !followed.has(r.id)).map((r) => r.id);
  if (newlySeen.length > 0) setFollowed(new Set([...followed, ...newlySeen]));
  const runs: RunRecord[] = kind.lines ? [] : all.filter((r) => followed.has(r.id));
  const of = `found:${foundId ?? runs.map((r) => r.id).join(",")}`;
  const { cancelRequested, cancel } = asking(of);
  const actions = {
    key: 0,
    id: foundId,
    found: true,
    cancelRequested,
    errors: { start: null, cancel },
    waiting: false,
  };
  const isFound = scope !== null && (kind.lines ? foundId !== null : runs.length > 0);
  const facts = !isFound
    ? null
    : kind.lines
      ? fromRecord(kind, record.data, { total: latest?.total ?? 0, error: null, targets: [] }, actions)
      : fromFound(kind, runs, actions);
  return {
    facts,
    of,
    /** The runs a cancel asks to stop. */
    open: foundId ? [foundId] : runs.filter((r) => r.finishedAt === null).map((r) => r.id),
    /** Closes the panel of `id` (or of what is found): a reload of the tab does not bring it back. */
    close: (id: string | null = foundId) => {
      if (id) {
        window.sessionStorage.setItem(closedKey(kind), id);
        setClosed(id);
      } else setFollowed(new Set());
    },
  };
}
