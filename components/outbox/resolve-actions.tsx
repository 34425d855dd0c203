"use client";
import { NamingFile } from "@/components/ui/file-name";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { outboxKeys, resolveOutboxItem, type OutboxItem } from "@/lib/outbox/client";
import { useT } from "@/lib/i18n/client";

/**
 * For an `unknown` item: the person who asked the provider records what it said, after a
 * question that names the file. Nothing is sent again; the row changes when the server says so.
 */
export function ResolveActions({ item }: { item: OutboxItem }) {
  const t = useT();
  const client = useQueryClient();
  const [asking, setAsking] = useState<"sent" | "failed" | null>(null);
  const resolve = useMutation({
    mutationFn: (state: "sent" | "failed") => resolveOutboxItem(item, state),
    onSettled: () => client.invalidateQueries({ queryKey: outboxKeys.all }),
  });
  if (item.state !== "unknown") return null;
  return (
    <div
      role="group"
      aria-label={t("outbox.resolve.group", { name: item.filename })}
      className="flex flex-col items-start gap-2"
    >
      <Button variant="secondary" onClick={() => setAsking("sent")} disabled={resolve.isPending}>
        {t("outbox.resolve.sent")}
      </Button>
      <Button variant="secondary" onClick={() => setAsking("failed")} disabled={resolve.isPending}>
        {t("outbox.resolve.failed")}
      </Button>
      {resolve.error && (
        <p role="alert" className="text-sm text-red-800">
          {resolve.error.message}
        </p>
      )}
      <AlertDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t(asking === "failed" ? "outbox.resolve.failed" : "outbox.resolve.sent")}
        description={
          <p>
            <NamingFile
              words={(name) => t(asking === "failed" ? "outbox.resolve.failedAsk" : "outbox.resolve.sentAsk", { name })}
              name={item.filename}
            />
          </p>
        }
        cancelLabel={t("common.cancel")}
        actionLabel={t("outbox.resolve.record")}
        onAction={() => asking && resolve.mutate(asking)}
      />
    </div>
  );
}
