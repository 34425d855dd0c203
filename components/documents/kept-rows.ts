import type { HandoffLine } from "@/lib/handoffs/outcome";
import type { InboxGroup } from "@/lib/views/inbox/client";
import type { DocView } from "./inbox-model";

/** The rows an inbox page keeps after its runs (use-kept-confirmed.ts), as pure functions. */

export type Groups = { group: InboxGroup; docs: DocView[] }[];

/**
 * The page as shown, with the list read again: each document as the list has it now, one confirmed here that the
 * view no longer lists (the default view lists open ones) kept in its place as confirmed, and what the list brings
 * anew after them. Pure, so that a unit test can read it.
 */
export function mergeKept(
  shown: Groups,
  confirmed: ReadonlySet<string>,
  fresh: Groups,
  handedOn: ReadonlyMap<string, DocView["handoff"]> = new Map(),
): Groups {
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
      place(merged, now.get(d.key) ?? (confirmed.has(d.key) ? keptAs(d, handedOn.get(d.key)) : undefined));
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

/** A kept document as confirmed, with the hand-off a run of this page made of it (the list no longer reads it). */
const keptAs = (d: DocView, handoff: DocView["handoff"] | undefined): DocView => ({
  ...d,
  state: "confirmed",
  archived: true,
  handoff: handoff ?? d.handoff,
});

/** The hand-offs of a run's lines that reached the resident or failed, by document key. */
export function handoffsOf(lines: HandoffLine[] | undefined, at: string): Map<string, DocView["handoff"]> {
  const out = new Map<string, DocView["handoff"]>();
  for (const l of lines ?? [])
    if (l.state !== "skipped" && l.channel)
      out.set(`${l.connectionId}:${l.documentid}`, { state: l.state, channel: l.channel, at });
  return out;
}
