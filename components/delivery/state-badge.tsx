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
};

export function StateBadge({ state }: { state: DocumentState }) {
  const t = useT();
  return <Badge tone={TONES[state]}>{t(`deliveryRecord.state.${state}`)}</Badge>;
}
