"use client";
import type { Target } from "./inbox-model";
import { useConfirmRun } from "./use-confirm-run";
import { useHandoffRun } from "@/components/residents/handoffs/use-handoff-run";

/**
 * The inbox's two kinds of run, confirmations and hand-offs to residents, and the one after the other ("Bestätigen und
 * weitergeben": the documents the confirmation confirmed are then handed on by their residents' channels). Starting
 * any spends the selection and closes what covers the page (`uncover`: on a phone, the viewer), so that the run's
 * panel is in sight. `onConfirmed` hears of each document a run of this page confirmed. Its runs are the inbox's
 * (scope `inbox`): no other page shows them.
 */
export function useInboxRuns(
  selection: { clear: () => void },
  uncover: () => void,
  onConfirmed?: (keys: string[]) => void,
) {
  const confirmRun = useConfirmRun("inbox", onConfirmed);
  const handoff = useHandoffRun("inbox");
  const starting = () => {
    selection.clear();
    uncover();
  };
  return {
    confirmRun,
    handoff,
    confirm: (targets: Target[]) => {
      starting();
      confirmRun.start(targets);
    },
    confirmAndHandOn: (targets: Target[]) => {
      starting();
      confirmRun.start(targets, (confirmed) => {
        const done = new Set(confirmed);
        const next = targets.filter((x) => done.has(x.key));
        if (next.length > 0) handoff.start(next, false);
      });
    },
    handOff: (targets: Target[], again: boolean) => {
      starting();
      handoff.start(targets, again);
    },
  };
}
