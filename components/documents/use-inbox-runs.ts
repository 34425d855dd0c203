"use client";
import type { Target } from "./inbox-model";
import { useConfirmRun } from "./use-confirm-run";
import { useHandoffRun } from "@/components/residents/handoffs/use-handoff-run";

/**
 * The inbox's two kinds of run, confirmations and hand-offs to residents: starting either spends
 * the selection and closes what covers the page (`uncover`: on a phone, the viewer), so that the
 * run's panel is in sight.
 */
export function useInboxRuns(selection: { clear: () => void }, uncover: () => void) {
  const confirmRun = useConfirmRun();
  const handoff = useHandoffRun();
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
    handOff: (targets: Target[], again: boolean) => {
      starting();
      handoff.start(targets, again);
    },
  };
}
