"use client";
import { Badge } from "@/components/ui/badge";
import type { ClientRunKind } from "@/components/runs/kind";
import { useT } from "@/lib/i18n/client";

const TONES = { sent: "success", failed: "danger", skipped: "warning" } as const;

function HandoffBadge({ state }: { state: string }) {
  const t = useT();
  const known = state === "sent" || state === "failed" || state === "skipped" ? state : "failed";
  return <Badge tone={TONES[known]}>{t(`inbox.handoff.run.line.${known}`)}</Badge>;
}

/**
 * A hand-off to residents as the pages show it (components/runs): its record keeps each document's line, so the panel
 * follows the record, the page's own run as one found after a reload; each line says what became of its document
 * and why a skipped or failed one was. The request is loaded with the first hand-off (handoff-post.ts).
 */
export const handoffRun: ClientRunKind = {
  name: "handoff",
  lines: true,
  counts: ["sent", "failed", "skipped"],
  words: {
    title: "inbox.handoff.run.title",
    progressLabel: "inbox.handoff.run.progressLabel",
    progress: "inbox.handoff.run.progress",
    note: "inbox.handoff.run.goesOn",
    cancel: "inbox.handoff.run.cancel",
    cancelling: "inbox.handoff.run.cancelling",
    cancelFailed: "inbox.handoff.run.cancelFailed",
    failedToStart: "inbox.handoff.run.failedToStart",
    summary: "inbox.handoff.run.summary",
    cancelled: "inbox.handoff.run.cancelled",
    interrupted: "inbox.handoff.run.interrupted",
    outcomes: "inbox.handoff.run.outcomes",
  },
  noteWhenFound: false,
  announcesProgress: true,
  summary: (count) => ({ sent: count("sent"), failed: count("failed"), skipped: count("skipped") }),
  post: async (targets, input, _control, report) => {
    const { postHandoffs } = await import("./handoff-post");
    await postHandoffs(targets, input, report);
  },
  Badge: HandoffBadge,
  detail: (o) => o.message ?? null,
};
