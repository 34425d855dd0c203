"use client";
import { useState } from "react";
import type { DocView } from "./inbox-model";

export const focusDoc = (key: string) =>
  document.querySelector<HTMLElement>(`[data-doc="${CSS.escape(key)}"]`)?.focus();

/**
 * Moving through the page's documents with the keyboard: the active one (focused, or reached by
 * j/k), and `move` to the next or previous. While a document is open, the viewer follows the
 * focus (without a history entry per document).
 */
export function useInboxNavigation(docs: DocView[], openKey: string | undefined, openInPlace: (key: string) => void) {
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const move = (delta: 1 | -1) => {
    if (docs.length === 0) return;
    const at = docs.findIndex((d) => d.key === activeKey);
    const next = docs[at < 0 ? (delta > 0 ? 0 : docs.length - 1) : Math.min(docs.length - 1, Math.max(0, at + delta))]!;
    setActiveKey(next.key);
    focusDoc(next.key);
    if (openKey && next.key !== openKey) openInPlace(next.key);
  };
  return { activeKey, active: docs.find((d) => d.key === activeKey) ?? null, setActiveKey, move };
}
