"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { HttpError, postNdjson } from "@/lib/client/fetch-json";
import { connectionKeys } from "@/lib/connections/client";
import { inboxKeys } from "@/lib/views/inbox/client";
import type { Connection } from "@/lib/connections/client";
import type { SyncLine } from "@/lib/delivery/client";
import { useT } from "@/lib/i18n/client";

export type SyncDoneLine = Extract<SyncLine, { open: number }>;

/**
 * One sync of a connection as a mutation: the streamed progress beside it, the done line as its
 * data, a refusal (409 while a sync runs) or a failure line as its error. Settled, the inbox and
 * the connections (whose last sync and open count changed) are read again.
 */
export function useSyncRun(connection: Connection) {
  const t = useT();
  const client = useQueryClient();
  // Progress lines are data of the run, not its pending state: they live beside the mutation.
  const [progress, setProgress] = useState<{ seen: number; count: number } | null>(null);
  const sync = useMutation({
    // `lastAt`: the card's last sync when the run began, to tell whether the card already shows the run's outcome.
    mutationFn: async (_: { lastAt: string | null }): Promise<SyncDoneLine> => {
      setProgress(null);
      const end: { done?: SyncDoneLine; failure?: HttpError } = {};
      await postNdjson<SyncLine>(`/api/connections/${connection.id}/sync`, undefined, (line) => {
        if (!("done" in line)) return setProgress(line);
        if ("error" in line) end.failure = new HttpError(502, line.error, line.message || t("inbox.sync.failed"));
        else end.done = line;
      });
      if (end.failure) throw end.failure;
      if (!end.done) throw new Error(t("inbox.sync.interrupted"));
      return end.done;
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: inboxKeys.all }),
        client.invalidateQueries({ queryKey: connectionKeys.all }),
      ]),
  });
  const start = () => sync.mutate({ lastAt: connection.lastSync?.at ?? null });
  return { sync, progress, start };
}
