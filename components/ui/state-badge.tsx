"use client";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { DocumentState } from "@/lib/client/types";
import { useT } from "@/lib/i18n/client";

const TONES: Record<DocumentState, BadgeTone> = {
  open: "info",
  pending: "warning",
  confirmed: "success",
  failed: "danger",
  unknown: "warning",
  gone: "neutral",
  elsewhere: "success",
};

/**
 * A document's state as a badge, in one colour everywhere. The words differ on purpose: the inbox
 * speaks to the manager about what is still to do (`inbox`), support's record about what happened
 * (`record`).
 */
export function StateBadge({ state, words }: { state: DocumentState; words: "inbox" | "record" }) {
  const t = useT();
  return <Badge tone={TONES[state]}>{t(words === "inbox" ? `inbox.state.${state}` : `deliveryRecord.state.${state}`)}</Badge>;
}
