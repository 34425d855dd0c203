"use client";
import { useSyncExternalStore } from "react";

/** Below Tailwind's `md` breakpoint (48rem): where a page lays itself out for a phone. */
const NARROW = "(max-width: 47.99rem)";

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/**
 * True on a phone-sized window. Only for what CSS cannot do (a dialog instead of a pane); the
 * server renders the wide layout, and the first render in the browser follows the window.
 */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
