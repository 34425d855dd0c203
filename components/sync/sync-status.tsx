"use client";
import { Badge } from "@/components/ui/badge";
import type { Connection } from "@/lib/connections/client";
import { formatDateTime } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";

/** A connection's last sync in words (when, whether it worked, else why not) and its stale marker. */
export function SyncStatus({ connection, showOpen = true }: { connection: Connection; showOpen?: boolean }) {
  const t = useT();
  const display = useDisplay();
  const last = connection.lastSync;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="sync-status">
      {last ? (
        <p className="text-slate-800">
          {t("inbox.sync.last")} <time dateTime={last.at}>{formatDateTime(last.at, display)}</time>
          {": "}
          {last.ok ? (
            <span className="text-green-900">{t("inbox.sync.lastOk")}</span>
          ) : (
            <span className="text-red-800">
              {t("inbox.sync.lastFailed", { message: last.message ?? t("inbox.sync.noReason") })}
            </span>
          )}
          {showOpen && last.ok && last.open !== null && (
            <> {t(last.open === 1 ? "inbox.sync.lastOpen.one" : "inbox.sync.lastOpen.other", { n: last.open })}</>
          )}
        </p>
      ) : (
        <p className="text-slate-700">{t("inbox.sync.never")}</p>
      )}
      {connection.stale && (
        <p className="flex items-center gap-2 text-amber-900">
          <Badge tone="warning">{t("inbox.sync.stale")}</Badge>
          <span>{t("inbox.sync.staleHint")}</span>
        </p>
      )}
    </div>
  );
}
