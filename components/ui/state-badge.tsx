"use client";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { DOCUMENT_STATES, type DocumentState } from "@/lib/lists/document-states";
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

/** A document's state as a badge, in one colour and one word everywhere (lib/i18n/messages/states.ts). */
export function StateBadge({ state }: { state: DocumentState }) {
  const t = useT();
  return <Badge tone={TONES[state]}>{t(`state.${state}`)}</Badge>;
}

/**
 * What each state means, beside the pages that show states (inbox and delivery record). Folded
 * away by default: a person who knows the words is not made to scroll past them.
 */
export function StateLegend() {
  const t = useT();
  return (
    <details className="rounded border border-slate-200 bg-white px-3 py-2 text-sm" data-testid="state-legend">
      <summary className="cursor-pointer font-medium text-slate-800">{t("state.legend")}</summary>
      <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {DOCUMENT_STATES.map((state) => (
          <div key={state} className="contents">
            <dt>
              <StateBadge state={state} />
            </dt>
            <dd className="text-slate-700">{t(`state.${state}.about`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
