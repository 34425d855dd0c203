"use client";
import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { DOCUMENT_STATES, type DocumentState } from "@/lib/document-states";
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
 * What each state of a list means, beside the badges: folded away by default, so a person who
 * knows the words is not made to scroll past them. The outbox's states use it too.
 */
export function Legend(props: { summary: string; entries: { key: string; badge: ReactNode; about: string }[] }) {
  return (
    <details className="rounded border border-slate-200 bg-white px-3 py-2 text-sm" data-testid="state-legend">
      <summary className="cursor-pointer font-medium text-slate-800">{props.summary}</summary>
      <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {props.entries.map((e) => (
          <div key={e.key} className="contents">
            <dt>{e.badge}</dt>
            <dd className="text-slate-700">{e.about}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** The document states' legend (inbox and delivery record). */
export function StateLegend() {
  const t = useT();
  return (
    <Legend
      summary={t("state.legend")}
      entries={DOCUMENT_STATES.map((state) => ({
        key: state,
        badge: <StateBadge state={state} />,
        about: t(`state.${state}.about`),
      }))}
    />
  );
}
