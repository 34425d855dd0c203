"use client";
import { ProgressBar } from "@/components/ui/progress-bar";
import { StatusLine } from "@/components/ui/status-line";
import type { Connection } from "@/lib/connections/client";
import { useT } from "@/lib/i18n/client";
import type { useSyncRun } from "./use-sync-run";

/**
 * A sync run on a connection's card (connections page and inbox): its progress while it runs, then its outcome. A
 * failed sync
 * records its failure as the card's last sync, which says it: the run does not say it a second
 * time. A failure that left no new last sync (a refusal before the start, a broken stream) it says.
 */
export function SyncRun({
  connection,
  run,
  className = "",
}: {
  connection: Connection;
  run: ReturnType<typeof useSyncRun>;
  className?: string;
}) {
  const t = useT();
  const { sync, progress } = run;
  const last = connection.lastSync;
  const recorded = last !== null && !last.ok && last.at !== sync.variables?.lastAt;
  const error = sync.error && !recorded ? sync.error : null;
  const done = sync.data;
  return (
    <div className={`mt-2 flex flex-col gap-2 ${className}`}>
      {sync.isPending && (
        <ProgressBar
          label={t("inbox.sync.progressLabel", { name: connection.name })}
          value={progress?.seen ?? 0}
          max={progress?.count ?? 0}
          text={
            progress
              ? t("inbox.sync.progress", { seen: progress.seen, count: progress.count })
              : t("inbox.sync.starting")
          }
        />
      )}
      <StatusLine tone={error ? "error" : done ? "success" : "info"}>
        {error?.message}
        {done && !error && (
          <span data-testid="sync-done">
            {t("inbox.sync.done", { open: done.open, added: done.added, gone: done.gone })}
            {done.countMismatch && (
              <> {t("inbox.sync.countMismatch", { count: done.countMismatch.count, seen: done.countMismatch.seen })}</>
            )}
          </span>
        )}
      </StatusLine>
    </div>
  );
}
