"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Target } from "@/components/documents/inbox-model";
import { confirmRun } from "@/components/documents/confirm-run-kind";
import { handoffRun } from "@/components/handoffs/handoff-run-kind";
import { useRun } from "@/components/runs/use-run";
import { monthRoundKeys, roundDocumentsQuery, type RoundDocument } from "@/lib/views/month-round/client";
import type { RunScope } from "@/lib/runs/schemas";

/**
 * The month page's runs, the inbox's own kinds (components/runs: a bulk confirmation and a hand-off), both found again
 * on the server after a reload. "Bestätigen und weitergeben" is the two in a row: the property-month to hand on is
 * kept in the tab's session storage, so that the hand-off follows the confirmation also when the page was reloaded
 * while it ran.
 */
export type Scope = { property: string; month: string };

const THEN_KEY = "arge.month.thenHandOn";
const readThen = (): Scope | null => {
  try {
    return JSON.parse(window.sessionStorage.getItem(THEN_KEY) ?? "null") as Scope | null;
  } catch {
    return null;
  }
};

export const targetOf = (d: RoundDocument): Target => ({
  key: `${d.connectionId}:${d.documentid}`,
  connectionId: d.connectionId,
  documentid: d.documentid,
  filename: d.filename,
  unit: null,
});

/** The month page's runs of `month` (lib/runs/schemas.ts; written here, so that its zod schema stays off the page). */
const monthScope = (month: string): RunScope => `month:${month}`;

/**
 * The runs of the month page of `month` (its scope): their panels show on that month's page only; a run started here
 * is followed to its end also while another month is shown.
 */
export function useMonthRuns(month: string | null, fourEyes = false) {
  const client = useQueryClient();
  const scope = month === null ? null : monthScope(month);
  const confirm = useRun(confirmRun, scope);
  const handoff = useRun(handoffRun, scope);
  const confirming = confirm.running;
  const handingOn = handoff.running;

  const handOn = (docs: RoundDocument[]) => handoff.start(docs.map(targetOf));

  // A run that ended changed the month: its numbers are read again; a confirmation may have a hand-off to follow.
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (wasConfirming.current && !confirming) {
      void client.invalidateQueries({ queryKey: monthRoundKeys.all });
      const then = readThen();
      window.sessionStorage.removeItem(THEN_KEY);
      if (then)
        void client.fetchQuery(roundDocumentsQuery(then)).then((list) => {
          const docs = list.documents.filter((d) => d.confirmed && d.handsOn);
          if (docs.length > 0) handoff.start(docs.map(targetOf), { scope: monthScope(then.month) });
        });
    }
    wasConfirming.current = confirming;
  }, [confirming, client, handoff]);
  const wasHandingOn = useRef(false);
  useEffect(() => {
    if (wasHandingOn.current && !handingOn) void client.invalidateQueries({ queryKey: monthRoundKeys.all });
    wasHandingOn.current = handingOn;
  }, [handingOn, client]);

  return {
    confirm,
    handoff,
    running: confirming || handingOn,
    startConfirm: (docs: RoundDocument[]) => confirm.start(docs.map(targetOf)),
    startHandOn: handOn,
    /** Confirms the open documents of the scope, then hands on what is confirmed and goes out by e-mail or portal. */
    startBoth: (scope: Scope, docs: RoundDocument[]) => {
      const open = docs.filter((d) => d.confirmable);
      if (open.length === 0) return handOn(docs.filter((d) => d.confirmed && d.handsOn));
      // Under four eyes the two go as one request, released (or voided) as one (lib/releases/confirm-first.ts).
      if (fourEyes)
        return handoff.start([...open, ...docs.filter((d) => d.confirmed && d.handsOn)].map(targetOf), {
          confirmFirst: true,
        });
      window.sessionStorage.setItem(THEN_KEY, JSON.stringify(scope));
      confirm.start(open.map(targetOf));
    },
  };
}
