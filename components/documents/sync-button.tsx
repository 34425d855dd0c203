"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { StatusLine } from "@/components/ui/status-line";
import { HttpError, postNdjson } from "@/lib/client/fetch-json";
import { connectionKeys, inboxKeys } from "@/lib/client/queries";
import type { Connection, SyncLine } from "@/lib/client/types";
import { useT } from "@/lib/i18n/client";

type Done = Extract<SyncLine, { open: number }>;

/**
 * "Sync now" for one connection: streams `POST .../sync`, shows its progress, and ends with the
 * done line in words. A refusal (409 while a sync runs) or a failure line is the mutation's error.
 */
export function SyncButton({ connection }: { connection: Connection }) {
  const t = useT();
  const client = useQueryClient();
  // Progress lines are data of the run, not its pending state: they live beside the mutation.
  const [progress, setProgress] = useState<{ seen: number; count: number } | null>(null);
  const sync = useMutation({
    mutationFn: async (): Promise<Done> => {
      setProgress(null);
      const end: { done?: Done; failure?: HttpError } = {};
      await postNdjson<SyncLine>(`/api/connections/${connection.id}/sync`, undefined, (line) => {
        if (!("done" in line)) return setProgress(line);
        if ("error" in line) end.failure = new HttpError(502, line.error, line.message || t("inbox.sync.failed"));
        else end.done = line;
      });
      if (end.failure) throw end.failure;
      if (!end.done) throw new Error(t("inbox.sync.interrupted"));
      return end.done;
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: inboxKeys.all }), client.invalidateQueries({ queryKey: connectionKeys.all })]),
  });

  const done = sync.data;
  return (
    // On a phone its parts take their places in the card's grid (InboxSummary): the button beside the name.
    <div className="mt-2 flex flex-col items-start gap-2 max-md:contents">
      <Button
        variant="secondary"
        className="max-md:col-start-2 max-md:row-start-1"
        onClick={() => sync.mutate()}
        disabled={sync.isPending}
        aria-label={`${sync.isPending ? t("inbox.sync.running") : t("inbox.sync.now")}: ${connection.name}`}
      >
        {sync.isPending ? t("inbox.sync.running") : t("inbox.sync.now")}
      </Button>
      {sync.isPending && (
        <div className="w-full max-md:col-span-2">
          <ProgressBar
            label={t("inbox.sync.progressLabel", { name: connection.name })}
            value={progress?.seen ?? 0}
            max={progress?.count ?? 0}
            text={progress ? t("inbox.sync.progress", { seen: progress.seen, count: progress.count }) : t("inbox.sync.starting")}
          />
        </div>
      )}
      <div className="max-md:col-span-2">
        <StatusLine tone={sync.error ? "error" : done ? "success" : "info"}>
          {sync.error?.message}
          {done && (
            <span data-testid="sync-done">
              {t("inbox.sync.done", { open: done.open, added: done.added, gone: done.gone })}
              {done.countMismatch && <> {t("inbox.sync.countMismatch", { count: done.countMismatch.count, seen: done.countMismatch.seen })}</>}
            </span>
          )}
        </StatusLine>
      </div>
    </div>
  );
}
