"use client";
import { Button } from "@/components/ui/button";
import type { Connection } from "@/lib/connections/client";
import { useT } from "@/lib/i18n/client";
import { SyncRun } from "./sync-run";
import { useSyncRun } from "./use-sync-run";

/**
 * "Sync now" for one connection on the inbox's summary card, with the run's progress and outcome
 * (SyncRun, as on the connections page: a failure the card's last sync already says is not said twice).
 */
export function SyncButton({ connection }: { connection: Connection }) {
  const t = useT();
  const run = useSyncRun(connection);
  const label = run.sync.isPending ? t("inbox.sync.running") : t("inbox.sync.now");
  return (
    // On a phone its parts take their places in the card's grid (InboxSummary): the button beside the name.
    <div className="mt-2 flex flex-col items-start gap-2 max-md:contents">
      <Button
        variant="secondary"
        className="max-md:col-start-2 max-md:row-start-1"
        onClick={run.start}
        disabled={run.sync.isPending}
        aria-label={`${label}: ${connection.name}`}
      >
        {label}
      </Button>
      <SyncRun connection={connection} run={run} className="w-full max-md:col-span-2 max-md:mt-0" />
    </div>
  );
}
