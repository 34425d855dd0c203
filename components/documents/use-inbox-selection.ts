"use client";
import { useState } from "react";
import { isSelectable, type DocView } from "./inbox-model";

const NONE: ReadonlySet<string> = new Set();

/**
 * The documents chosen for a confirmation or a hand-off. A selection belongs to the view it was
 * made in (`listId`: the list's state): another page or filter starts empty. Only documents that
 * can be confirmed or handed off can be selected; each action takes those of the selection it can.
 */
export function useInboxSelection(listId: string, docs: DocView[]) {
  const [selection, setSelection] = useState<{ listId: string; keys: ReadonlySet<string> }>({ listId, keys: NONE });
  const selected = selection.listId === listId ? selection.keys : NONE;
  const selectable = docs.filter(isSelectable);
  const set = (keys: ReadonlySet<string>) => setSelection({ listId, keys });
  return {
    selectable,
    selectedDocs: selectable.filter((d) => selected.has(d.key)),
    isSelected: (key: string) => selected.has(key),
    toggle: (d: DocView) => {
      if (!isSelectable(d)) return;
      const next = new Set(selected);
      if (!next.delete(d.key)) next.add(d.key);
      set(next);
    },
    selectAll: (all: boolean) => set(all ? new Set(selectable.map((d) => d.key)) : NONE),
    clear: () => set(NONE),
  };
}
