"use client";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { HandoffSummary } from "@/lib/views/inbox/client";
import type { RecipientKind } from "@/lib/register/list";
import { formatDate } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";

const TONES: Record<HandoffSummary["state"], BadgeTone> = {
  sent: "success",
  opened: "success",
  // Made, not yet posted: not handed on until a person confirms the letters went out.
  printed: "info",
  posted: "success",
  failed: "danger",
  pending: "info",
  unknown: "warning",
  // Came back undelivered (a delivery status notification read back, lib/handoffs/bounces): the letter is due.
  bounced: "danger",
};

/** A document the rule hands to nobody: one a manager must assign, or one that needs no hand-off. */
const NOBODY: Partial<Record<RecipientKind, "toAssign" | "notNeeded" | "vacancy">> = {
  change: "toAssign",
  uncovered: "toAssign",
  noPeriod: "toAssign",
  vacancy: "vacancy",
  none: "notNeeded",
};

/**
 * A document's hand-off to its resident in a person's words: "Weitergegeben per E-Mail 12.11.", "Gedruckt 03.12.",
 * "Nicht weitergegeben"; a vacancy is "Leerstand", the one word every page uses for it.
 */
export function HandoffBadge({
  handoff,
  recipient,
}: {
  handoff: HandoffSummary | null;
  recipient: RecipientKind | null;
}) {
  const t = useT();
  const display = useDisplay();
  const nobody = recipient && NOBODY[recipient];
  if (!handoff && nobody)
    return <Badge tone={nobody === "toAssign" ? "warning" : undefined}>{t(`inbox.handoff.${nobody}`)}</Badge>;
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
