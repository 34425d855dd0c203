"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { Target } from "@/components/documents/inbox-model";
import { connectionKeys } from "@/lib/connections/client";
import { inboxKeys } from "@/lib/views/inbox/client";
import type { RunScope } from "@/lib/runs/schemas";
import type { ClientRunKind, Outcome } from "./kind";
import type { RunPanelState } from "./panel-state";
import { cancelRun, runKeys } from "./run-queries";
import { useFoundRuns } from "./use-found-runs";
import { useOwnRun, type StartOptions } from "./use-own-run";

export type { RunPanelState };

/** A cancel asked for from a panel (`of`: which), and its failure; the record says the rest. */
function useCancels() {
  const client = useQueryClient();
  const [asked, setAsked] = useState<{ of: string; error: string | null } | null>(null);
  return {
    asking: (of: string) => ({
      cancelRequested: asked?.of === of && asked.error === null,
      cancel: asked?.of === of ? asked.error : null,
    }),
    ask: (of: string, ids: string[]) => {
      setAsked({ of, error: null });
      void Promise.all(ids.map(cancelRun))
        .catch((err: unknown) => setAsked({ of, error: err instanceof Error ? err.message : String(err) }))
        .finally(() => client.invalidateQueries({ queryKey: runKeys.all }));
    },
    forget: () => setAsked(null),
  };
}

/**
 * The runs of `kind` of the page of `scope` (lib/runs/schemas.ts; null: none yet, nothing is found or started), for
 * the one panel (run-panel.tsx): the run this page starts (`start`), else those of that scope found on the server;
 * another page's runs are not shown. `running` tells of the page's own run wherever it was started, and of the one
 * shown. `onOutcomes` hears of the page's own outcomes as their lines arrive. A run that ends reads the lists again.
 */
export function useRun(
  kind: ClientRunKind,
  scope: RunScope | null,
  onOutcomes: (entries: [string, Outcome][]) => void = () => undefined,
) {
  const client = useQueryClient();
  const settled = () =>
    void Promise.all([
      client.invalidateQueries({ queryKey: inboxKeys.all }),
      client.invalidateQueries({ queryKey: connectionKeys.all }),
      client.invalidateQueries({ queryKey: runKeys.all }),
    ]);
  const cancels = useCancels();
  const own = useOwnRun(kind, scope, { onOutcomes, settled, asking: cancels.asking });
  const found = useFoundRuns(kind, scope, {
    enabled: !own.shown && !own.running,
    own: own.ids,
    asking: cancels.asking,
  });
  const facts = own.facts ?? found.facts;
  const panelRunning = facts?.running ?? false;
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !panelRunning) settled();
    wasRunning.current = panelRunning;
  });

  const panel: RunPanelState | null =
    facts === null
      ? null
      : facts === own.facts
        ? {
            ...facts,
            cancel: () => {
              const id = own.stop();
              cancels.ask(own.of, id ? [id] : []);
            },
            close: () => {
              if (kind.lines && own.ids[0]) found.close(own.ids[0]);
              own.close();
            },
          }
        : { ...facts, cancel: () => cancels.ask(found.of, found.open), close: () => found.close() };

  return {
    running: own.running || panelRunning,
    panel,
    /** Starts a run of the page of `scope` (by default this one's; a confirmation's follow-up keeps its own). */
    start: (targets: Target[], options: StartOptions = {}) => {
      const runScope = options.scope === undefined ? scope : options.scope;
      if (runScope === null) return;
      cancels.forget();
      own.start(targets, runScope, options);
    },
  };
}
