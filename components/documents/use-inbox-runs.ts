"use client";
import { useState } from "react";
import { useRun } from "@/components/runs/use-run";
import { handoffRun } from "@/components/handoffs/handoff-run-kind";
import { confirmRun } from "./confirm-run-kind";
import type { DocView, Target } from "./inbox-model";

/**
 * The inbox's two kinds of run (components/runs), confirmations and hand-offs to residents, and the one after the
 * other ("Bestätigen und weitergeben": the documents the confirmation confirmed are then handed on by their residents'
 * channels), with the question before a hand-off (`asking`). Starting any spends the selection and closes what covers
 * the page (`uncover`: on a phone, the viewer), so that the run's panel is in sight. `onConfirmed` hears of each
 * document a run of this page confirmed. Its runs are the inbox's (scope `inbox`): no other page shows them.
 */
export function useInboxRuns(
  selection: { clear: () => void },
  uncover: () => void,
  onConfirmed: (keys: string[]) => void = () => undefined,
) {
  const confirmRunOf = useRun(confirmRun, "inbox", (entries) => {
    const confirmed = entries.filter(([, o]) => o.state === "confirmed").map(([k]) => k);
    if (confirmed.length > 0) onConfirmed(confirmed);
  });
  const handoff = useRun(handoffRun, "inbox");
  const [asking, setAsking] = useState<DocView[] | null>(null);
  const starting = () => {
    selection.clear();
    uncover();
  };
  return {
    confirmRun: confirmRunOf,
    handoff,
    asking,
    ask: (docs: DocView[]) => setAsking(docs),
    cancelAsking: () => setAsking(null),
    confirm: (targets: Target[]) => {
      starting();
      confirmRunOf.start(targets);
    },
    confirmAndHandOn: (targets: Target[]) => {
      starting();
      confirmRunOf.start(targets, {
        then: (outcomes) => {
          const next = targets.filter((x) => outcomes.get(x.key)?.state === "confirmed");
          if (next.length > 0) handoff.start(next);
        },
      });
    },
    handOff: (targets: Target[], again: boolean) => {
      setAsking(null);
      starting();
      handoff.start(targets, { again });
    },
  };
}
