"use client";
import { useEffect, useEffectEvent } from "react";

export type ShortcutHandlers = Partial<Record<"j" | "k" | "o" | "Enter" | "x" | "c" | "Escape" | "?", () => void>>;

const NOT_TYPING = new Set(["checkbox", "radio", "button", "submit", "reset"]);

/** True while the key goes into a text field, a select or editable content: no shortcut then. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !NOT_TYPING.has(target.type);
}

/** Enter on a control does what the control does; as a shortcut only on the page itself or a row. */
const isControl = (target: EventTarget | null) =>
  target instanceof HTMLElement && target.closest("button, a, input, select, textarea, summary") !== null;

/**
 * The inbox's keyboard shortcuts on the document, while `enabled` (off while a dialog is open:
 * the dialog owns the keyboard then, Esc included).
 */
export function useInboxShortcuts(enabled: boolean, handlers: ShortcutHandlers) {
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing || isTyping(e.target)) return;
    const key = e.key as keyof ShortcutHandlers;
    if (key === "Enter" && isControl(e.target)) return;
    const handler = handlers[key];
    if (!handler) return;
    e.preventDefault();
    handler();
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, [enabled]);
}
