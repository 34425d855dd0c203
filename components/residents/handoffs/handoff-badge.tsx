"use client";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { HandoffSummary } from "@/lib/client/types";
import { formatDate } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";

const TONES: Record<HandoffSummary["state"], BadgeTone> = {
  sent: "success",
  opened: "success",
  printed: "success",
  failed: "danger",
  pending: "info",
  unknown: "warning",
};

/**
 * A document's hand-off to its resident in a person's words: "Weitergegeben per E-Mail 12.11.", "Gedruckt 03.12.",
 * "Nicht weitergegeben".
 */
export function HandoffBadge({ handoff }: { handoff: HandoffSummary | null }) {
  const t = useT();
  const display = useDisplay();
  if (!handoff) return <Badge>{t("inbox.handoff.state.none")}</Badge>;
  const text = t(`inbox.handoff.state.${handoff.state}`, {
    channel: t(`units.channel.${handoff.channel}`),
    date: formatDate(handoff.at, display, true),
  });
  return (
    <Badge tone={TONES[handoff.state]}>
      <span className="sr-only">{t("inbox.handoff.label")} </span>
      {text}
    </Badge>
  );
}
