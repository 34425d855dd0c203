"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { HttpError, postNdjson } from "@/lib/client/fetch-json";
import { connectionKeys, inboxKeys } from "@/lib/client/queries";
import type { ConfirmationsLine, ConfirmLine } from "@/lib/client/types";
import { batchesOf, docKey, type Target } from "./inbox-model";

export type OutcomeState = ConfirmLine["state"];
export type Outcome = { state: OutcomeState; message?: string };

/**
 * A confirmation run: one `POST .../confirmations` per connection (at most 1000 ids each), the
 * outcome of every document as its line arrives. A refusal before the stream began sent nothing
 * (failed); a stream cut off mid-way leaves the rest unknown: the server goes on without us, and
 * the next sync reconciles them.
 */
export function useConfirmRun() {
  const client = useQueryClient();
  // Outcomes arrive line by line while the mutation is pending: they are its data, kept beside it.
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map());
  const record = (entries: [string, Outcome][]) =>
    setOutcomes((prev) => {
      const next = new Map(prev);
      for (const [k, o] of entries) next.set(k, o);
      return next;
    });

  const mutation = useMutation({
    mutationFn: async (targets: Target[]) => {
      setOutcomes(new Map());
      for (const batch of batchesOf(targets)) {
        const waiting = new Set(batch.targets.map((t) => t.key));
        const settle = (outcome: Outcome) => {
          record([...waiting].map((k) => [k, outcome]));
          waiting.clear();
        };
        try {
          const body = { documentids: batch.targets.map((t) => t.documentid) };
          await postNdjson<ConfirmationsLine>(`/api/connections/${batch.connectionId}/confirmations`, body, (line) => {
            if ("documentid" in line) {
              const key = docKey(batch.connectionId, line.documentid);
              waiting.delete(key);
              record([[key, { state: line.state, message: line.message }]]);
            } else if ("error" in line) {
              settle({ state: "failed", message: line.message });
            }
          });
          settle({ state: "unknown" });
        } catch (err) {
          settle(err instanceof HttpError ? { state: "failed", message: err.message } : { state: "unknown" });
        }
      }
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: inboxKeys.all }), client.invalidateQueries({ queryKey: connectionKeys.all })]),
  });

  return {
    start: (targets: Target[]) => mutation.mutate(targets),
    reset: () => {
      mutation.reset();
      setOutcomes(new Map());
    },
    isRunning: mutation.isPending,
    targets: mutation.variables ?? [],
    outcomes,
  };
}
