"use client";
import { useMemo, useState } from "react";
import type { InboxGroup } from "@/lib/client/types";
import type { DocView } from "./inbox-model";

type Groups = { group: InboxGroup; docs: DocView[] }[];
type Kept = { list: string; shown: Groups; confirmed: ReadonlySet<string> };

/**
 * The page as shown, with the list read again: each document as the list has it now, one confirmed here that the
 * view no longer lists (the default view lists open ones) kept in its place as confirmed, and what the list brings
 * anew after them. Pure, so that a unit test can read it.
 */
export function mergeKept(shown: Groups, confirmed: ReadonlySet<string>, fresh: Groups): Groups {
  const now = new Map(fresh.flatMap((g) => g.docs).map((d) => [d.key, d]));
  const freshGroups = new Map(fresh.map((g) => [g.group.unit, g]));
  const placed = new Set<string>();
  const units = new Set<string | null>();
  const out: Groups = [];
  const place = (into: DocView[], d: DocView | undefined) => {
    if (!d || placed.has(d.key)) return;
    placed.add(d.key);
    into.push(d);
  };
  for (const { group, docs } of shown) {
    const f = freshGroups.get(group.unit);
    const merged: DocView[] = [];
    for (const d of docs)
      place(
        merged,
        now.get(d.key) ?? (confirmed.has(d.key) ? { ...d, state: "confirmed", archived: true } : undefined),
      );
    for (const d of f?.docs ?? []) place(merged, d);
    units.add(group.unit);
    if (merged.length > 0) out.push({ group: f?.group ?? group, docs: merged });
  }
  for (const g of fresh) {
    if (units.has(g.group.unit)) continue;
    const docs: DocView[] = [];
    for (const d of g.docs) place(docs, d);
    if (docs.length > 0) out.push({ group: g.group, docs });
  }
  return out;
}

/**
 * Documents confirmed on this page stay in its rows, marked confirmed and with their unit's hand-off, until the page
 * is left or reloaded (docs/api.md, `GET /api/inbox`): a manager confirms, then hands on, without looking for them
 * again. Kept per list (`list`: the URL's list state); another filter or page shows the list as it is.
 */
export function useKeptConfirmed(list: string, fresh: Groups) {
  const [kept, setKept] = useState<Kept | null>(null);
  const active = kept !== null && kept.list === list ? kept : null;
  const groups = useMemo(() => (active ? mergeKept(active.shown, active.confirmed, fresh) : fresh), [active, fresh]);
  const keep = (keys: string[]) =>
    setKept((k) => ({
      list,
      shown: groups,
      confirmed: new Set([...(k !== null && k.list === list ? k.confirmed : []), ...keys]),
    }));
  return { groups, keep };
}
