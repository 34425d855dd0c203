"use client";
import { useEffect, useRef, useState } from "react";
import type { Target } from "./inbox-model";

/**
 * Focus back where it was when a dialog closes: the inbox's dialogs open without a Radix trigger
 * (a shortcut, a row's button), so Radix cannot return it. Call `remember` before opening one.
 * An answer that moved the focus on purpose (a confirmation's outcome, confirm-run-panel.tsx) keeps it.
 */
function useReturnFocus(dialogOpen: boolean) {
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (dialogOpen) return;
    const el = returnTo.current;
    returnTo.current = null;
    // Still in the closing dialog (Radix removes it a render later), or gone with it: lost.
    const active = document.activeElement;
    const lost =
      active === null || active === document.body || active.closest("[role=dialog], [role=alertdialog]") !== null;
    if (el?.isConnected && lost) el.focus();
  }, [dialogOpen]);
  return () => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
}

/** The inbox's two dialogs: the question before a confirmation, and the shortcuts help. */
export function useInboxDialogs() {
  const [asking, setAsking] = useState<Target[] | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const isOpen = asking !== null || helpOpen;
  const remember = useReturnFocus(isOpen);
  return {
    asking,
    helpOpen,
    isOpen,
    closeHelp: () => setHelpOpen(false),
    cancel: () => setAsking(null),
    showHelp: () => {
      remember();
      setHelpOpen(true);
    },
    askFor: (targets: Target[]) => {
      if (targets.length === 0) return;
      remember();
      setAsking(targets);
    },
  };
}
