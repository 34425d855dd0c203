"use client";
import { StateBadge } from "@/components/ui/state-badge";
import type { ClientRunKind } from "@/components/runs/kind";
import { confirmRunKind } from "@/lib/delivery/confirm/run-kind";
import type { DocumentState } from "@/lib/client/types";
import { Badge } from "@/components/ui/badge";
import { useT } from "@/lib/i18n/client";

/** A document of a batch that waits for a second person (four eyes, lib/releases). */
function WaitingBadge() {
  const t = useT();
  return <Badge tone="warning">{t("releases.waiting")}</Badge>;
}

/**
 * A bulk confirmation as the pages show it (components/runs): the page's own run shows each document as its line
 * arrives (confirm-batches.ts, loaded with the first run), one found on the server its counts. An outcome is the
 * document's state in the words of every page: a cancelled one was never claimed, so it is open.
 */
export const confirmRun: ClientRunKind = {
  name: "confirm",
  lines: false,
  counts: confirmRunKind.counts,
  words: {
    title: "inbox.run.title",
    progressLabel: "inbox.run.progressLabel",
    progress: "inbox.run.progress",
    note: "inbox.run.found",
    cancel: "inbox.run.cancel",
    cancelling: "inbox.run.cancelling",
    summary: "inbox.run.summary",
    cancelled: "inbox.run.cancelledSummary",
    interrupted: "inbox.run.interrupted",
    outcomes: "inbox.run.outcomes",
    waiting: "inbox.run.waiting",
    retry: "inbox.run.retry",
  },
  noteWhenFound: true,
  announcesProgress: false,
  summary: (count) => ({
    confirmed: count("confirmed"),
    failed: count("failed"),
    unknown: count("unknown") + count("pending"),
  }),
  post: async (targets, { scope }, control, report) => {
    const { confirmBatches } = await import("./confirm-batches");
    await confirmBatches(targets, control, report, scope);
  },
  Badge: ({ state }) =>
    state === "waiting" ? (
      <WaitingBadge />
    ) : (
      <StateBadge state={(state === "cancelled" ? "open" : state) as DocumentState} />
    ),
  detail: (o, t) =>
    o.state === "confirmed" || o.state === "cancelled" || o.state === "waiting"
      ? null
      : (o.message ?? t(o.state === "failed" ? "inbox.run.failedHint" : "inbox.run.unknownHint")),
};
